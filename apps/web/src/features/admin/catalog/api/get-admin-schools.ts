import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminSchool } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/schools?<query>: schools with their program counts, searched, sorted and paged on the server. */
export const getAdminSchools = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminSchool>>(`/admin/schools?${query}`, { signal });

export const useAdminSchools = (query: string) =>
  useQuery({
    queryKey: catalogKey('schools', query),
    queryFn: ({ signal }) => getAdminSchools(query, signal),
    placeholderData: keepPreviousData,
  });
