import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminProgramRow } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/programs?<query>: every program, paged, sorted and filtered on the server. */
export const getAdminPrograms = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminProgramRow>>(`/admin/programs?${query}`, { signal });

export const useAdminPrograms = (query: string) =>
  useQuery({
    queryKey: catalogKey('programs', query),
    queryFn: ({ signal }) => getAdminPrograms(query, signal),
    placeholderData: keepPreviousData,
  });
