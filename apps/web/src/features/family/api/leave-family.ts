import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FamilyMembership } from '@kikstart/contract/family';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/family/leave: the children stay with the other guardians; this account gets a family of its own. */
export const leaveFamily = () => apiWrite<FamilyMembership>('/family/leave').then((e) => e.data);

export function useLeaveFamily() {
  const queryClient = useQueryClient();
  // Everything family-scoped changes: children, enrollments, the guardians list, the profile's familyId.
  return useMutation({
    mutationFn: leaveFamily,
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'all' }),
  });
}
