import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccountRow } from '@kikstart/contract/admin-families';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/families: accounts searched, sorted and paged on the server; `query` is useListParams' string. */
export const getAccounts = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminAccountRow>>(`/admin/families${query ? `?${query}` : ''}`, { signal });

export const accountsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'families', 'list', query],
    queryFn: ({ signal }) => getAccounts(query, signal),
  });

/** The previous page stays on screen while the next one loads. */
export const useAccounts = (query: string) =>
  useQuery({ ...accountsQueryOptions(query), placeholderData: keepPreviousData });
