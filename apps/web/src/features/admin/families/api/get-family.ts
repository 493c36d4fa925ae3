import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFamily } from '@kikstart/contract/admin-families';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/families/:familyId: guardians, children (medical details: the read is audited), enrollments, payments, plan. */
export const getFamily = (familyId: string, signal?: AbortSignal) =>
  apiGet<AdminFamily>(`/admin/families/${encodeURIComponent(familyId)}`, { signal });

export const familyQueryOptions = (familyId: string) =>
  queryOptions({
    queryKey: ['admin', 'families', 'detail', familyId],
    queryFn: ({ signal }) => getFamily(familyId, signal),
  });

export const useFamily = (familyId: string) => useQuery(familyQueryOptions(familyId));
