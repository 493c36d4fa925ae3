import { useQuery } from '@tanstack/react-query';
import type { AdminProgram } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/programs/:id: the program as the edit form loads it. */
export const getAdminProgram = (id: string, signal?: AbortSignal) =>
  apiGet<AdminProgram>(`/admin/programs/${encodeURIComponent(id)}`, { signal });

export const useAdminProgram = (id: string) =>
  useQuery({ queryKey: catalogKey('program', id), queryFn: ({ signal }) => getAdminProgram(id, signal) });
