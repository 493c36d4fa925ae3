import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentPage } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/cms/waiver-data: the waiver text (Markdown) and the version the guardian signs. */
export const getWaiver = (signal?: AbortSignal) => apiGet<ContentPage>('/cms/waiver-data', { signal });

// Not cached for long: a changed waiver must be read again before signing.
export const waiverQueryOptions = () =>
  queryOptions({ queryKey: ['cms', 'waiver-data'], queryFn: ({ signal }) => getWaiver(signal), staleTime: 60_000 });

export const useWaiver = () => useQuery(waiverQueryOptions());
