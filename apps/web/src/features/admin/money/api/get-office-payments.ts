import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { OfficePayment } from '@kikstart/contract/admin-money';
import { apiGet } from '../../../../lib/api-client.ts';
import { MONEY_KEY } from './use-money-mutation.ts';

/** GET /api/admin/office-payments: office checkouts still waiting for the cash or check. */
export const getOfficePayments = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<OfficePayment>>(`/admin/office-payments?${query}`, { signal });

export const getOfficePaymentsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [MONEY_KEY, 'office-payments', query],
    queryFn: ({ signal }) => getOfficePayments(query, signal),
  });

export const useGetOfficePayments = (query: string) =>
  useQuery({ ...getOfficePaymentsQueryOptions(query), placeholderData: keepPreviousData });
