import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLead } from '@kikstart/contract/admin-leads';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/leads?<query>: one page of the inbox; `query` comes from useListParams. */
export const getLeads = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminLead>>(`/admin/leads?${query}`, { signal });

export const leadsQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['admin', 'leads', 'list', query], queryFn: ({ signal }) => getLeads(query, signal) });

/** Keeps the previous page on screen while the next one loads. */
export const useLeads = (query: string) => useQuery({ ...leadsQueryOptions(query), placeholderData: keepPreviousData });
