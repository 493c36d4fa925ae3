import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CmsPath, ContentPage } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

export type CmsPageKey = Exclude<CmsPath, 'landing-page' | 'settings-data'>;

/** GET /api/cms/<page>: one content page (markdown body plus structured data). */
export const getContentPage = <D = Record<string, unknown>>(page: CmsPath, signal?: AbortSignal) =>
  apiGet<ContentPage<D>>(`/cms/${page}`, { signal });

export const contentPageQueryOptions = <D = Record<string, unknown>>(page: CmsPath) =>
  queryOptions({
    queryKey: ['cms', page],
    queryFn: ({ signal }) => getContentPage<D>(page, signal),
    staleTime: 5 * 60_000,
  });

export const useContentPage = <D = Record<string, unknown>>(page: CmsPath) =>
  useQuery(contentPageQueryOptions<D>(page));
