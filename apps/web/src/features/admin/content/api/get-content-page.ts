import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentPage } from '@kikstart/contract/content';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/content/pages/:key: one page as staff see it (hidden list items included). */
export const getContentPage = <D = Record<string, unknown>>(key: string, signal?: AbortSignal) =>
  apiGet<ContentPage<D>>(`/admin/content/pages/${encodeURIComponent(key)}`, { signal });

export const contentPageQueryOptions = <D = Record<string, unknown>>(key: string) =>
  queryOptions({
    queryKey: ['admin', 'content', 'pages', key],
    queryFn: ({ signal }) => getContentPage<D>(key, signal),
    // An editor starts from the stored version: a stale one would only earn a 409 on save.
    staleTime: 0,
  });

export const useAdminContentPage = <D = Record<string, unknown>>(key: string) =>
  useQuery(contentPageQueryOptions<D>(key));
