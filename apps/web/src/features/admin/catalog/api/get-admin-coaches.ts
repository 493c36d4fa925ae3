import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminCoach } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/coaches?<query>: coach accounts and their public profiles, paged on the server. */
export const getAdminCoaches = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminCoach>>(`/admin/coaches?${query}`, { signal });

export const useAdminCoaches = (query: string) =>
  useQuery({
    queryKey: catalogKey('coaches', query),
    queryFn: ({ signal }) => getAdminCoaches(query, signal),
    placeholderData: keepPreviousData,
  });
