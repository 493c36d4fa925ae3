import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SiblingDiscount } from '@kikstart/contract/admin-money';
import { apiGet } from '../../../../lib/api-client.ts';
import { MONEY_KEY } from './use-money-mutation.ts';

/** GET /api/admin/settings/sibling-discount. */
export const getSiblingDiscount = (signal?: AbortSignal) =>
  apiGet<SiblingDiscount>('/admin/settings/sibling-discount', { signal });

export const getSiblingDiscountQueryOptions = () =>
  queryOptions({ queryKey: [MONEY_KEY, 'sibling-discount'], queryFn: ({ signal }) => getSiblingDiscount(signal) });

export const useGetSiblingDiscount = () =>
  useQuery({ ...getSiblingDiscountQueryOptions(), placeholderData: keepPreviousData });
