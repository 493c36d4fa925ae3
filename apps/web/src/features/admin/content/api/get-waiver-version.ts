import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaiverVersion } from '@kikstart/contract/admin-content';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/content/waiver/versions/:version: one kept waiver text. */
export const getWaiverVersion = (version: string, signal?: AbortSignal) =>
  apiGet<WaiverVersion>(`/admin/content/waiver/versions/${encodeURIComponent(version)}`, { signal });

export const waiverVersionQueryOptions = (version: string) =>
  queryOptions({
    queryKey: ['admin', 'content', 'waiver-version', version],
    queryFn: ({ signal }) => getWaiverVersion(version, signal),
    // A published text never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useWaiverVersion = (version: string) => useQuery(waiverVersionQueryOptions(version));
