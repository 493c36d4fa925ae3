import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/family/join: the signed-in parent accepts an invitation. */
export const joinFamily = (token: string) => apiWrite<{ familyId: string }>('/family/join', { token }).then((e) => e.data);

export function useJoinFamily() {
  const queryClient = useQueryClient();
  // Everything family-scoped changes: children, enrollments, guardians.
  return useMutation({ mutationFn: joinFamily, onSuccess: () => queryClient.invalidateQueries({ refetchType: 'all' }) });
}
