import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminTransaction } from '@kikstart/contract/admin-money';
import { apiGet } from '../../../../lib/api-client.ts';
import { MONEY_KEY } from './use-money-mutation.ts';

/** GET /api/admin/transactions?<query>: the query string comes from useListParams. */
export const getAdminTransactions = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminTransaction>>(`/admin/transactions?${query}`, { signal });

export const adminTransactionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [MONEY_KEY, 'transactions', query],
    queryFn: ({ signal }) => getAdminTransactions(query, signal),
  });

export const useAdminTransactions = (query: string) =>
  useQuery({ ...adminTransactionsQueryOptions(query), placeholderData: keepPreviousData });
