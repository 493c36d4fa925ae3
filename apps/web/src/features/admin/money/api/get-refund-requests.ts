import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { RefundRequest } from '@kikstart/contract/admin-money';
import { apiGet } from '../../../../lib/api-client.ts';
import { MONEY_KEY } from './use-money-mutation.ts';

/** GET /api/admin/refund-requests: drop-outs after the first session asking for a refund. */
export const getRefundRequests = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<RefundRequest>>(`/admin/refund-requests?${query}`, { signal });

export const getRefundRequestsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [MONEY_KEY, 'refund-requests', query],
    queryFn: ({ signal }) => getRefundRequests(query, signal),
  });

export const useGetRefundRequests = (query: string) =>
  useQuery({ ...getRefundRequestsQueryOptions(query), placeholderData: keepPreviousData });
