import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminCoupon } from '@kikstart/contract/admin-money';
import { apiGet } from '../../../../lib/api-client.ts';
import { MONEY_KEY } from './use-money-mutation.ts';

/** GET /api/admin/coupons: coupons with their usage counts. */
export const getAdminCoupons = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminCoupon>>(`/admin/coupons?${query}`, { signal });

export const getAdminCouponsQueryOptions = (query: string) =>
  queryOptions({ queryKey: [MONEY_KEY, 'coupons', query], queryFn: ({ signal }) => getAdminCoupons(query, signal) });

export const useGetAdminCoupons = (query: string) =>
  useQuery({ ...getAdminCouponsQueryOptions(query), placeholderData: keepPreviousData });
