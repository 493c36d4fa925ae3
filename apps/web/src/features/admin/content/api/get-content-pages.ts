import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminContentPageListItem } from '@kikstart/contract/admin-content';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/content/pages: every stored page with its version and last edit. */
export const getContentPages = (signal?: AbortSignal) =>
  apiGet<AdminContentPageListItem[]>('/admin/content/pages', { signal });

export const contentPagesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'content', 'pages'], queryFn: ({ signal }) => getContentPages(signal) });

export const useContentPages = () => useQuery(contentPagesQueryOptions());
