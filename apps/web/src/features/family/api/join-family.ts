import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FamilyMembership } from '@kikstart/contract/family';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/family/join: the signed-in parent accepts an invitation. The page says how it went, so no toast. */
export const joinFamily = (token: string) =>
  apiWrite<FamilyMembership>('/family/join', { token }, { successToast: false, notifyOnError: false }).then(
    (e) => e.data,
  );

export function useJoinFamily() {
  const queryClient = useQueryClient();
  // Everything family-scoped changes: children, enrollments, guardians.
  return useMutation({
    mutationFn: joinFamily,
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'all' }),
  });
}
