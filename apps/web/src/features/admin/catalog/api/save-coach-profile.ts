import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoach, CoachProfileInput } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** PUT /api/admin/coaches/:id/profile: a coach's bio and credentials (the whole list, in order). */
export const saveCoachProfile = ({ id, input }: { id: string; input: CoachProfileInput }) =>
  apiWrite<AdminCoach>(`/admin/coaches/${encodeURIComponent(id)}/profile`, input, { method: 'PUT' }).then(
    (e) => e.data,
  );

export function useSaveCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCoachProfile, onSuccess: () => refreshCatalog(queryClient) });
}
