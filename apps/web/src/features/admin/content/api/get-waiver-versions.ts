import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WaiverVersionSummary } from '@kikstart/contract/admin-content';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/content/waiver/versions?<list query>: every published waiver text. */
export const getWaiverVersions = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<WaiverVersionSummary>>(`/admin/content/waiver/versions?${query}`, { signal });

export const waiverVersionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'content', 'waiver-versions', query],
    queryFn: ({ signal }) => getWaiverVersions(query, signal),
    placeholderData: keepPreviousData,
  });

export const useWaiverVersions = (query: string) => useQuery(waiverVersionsQueryOptions(query));
