import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteResult } from '@kikstart/contract/family';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/family/invite: mails a join link to a second guardian. */
export const inviteGuardian = (email: string) =>
  apiWrite<InviteResult>('/family/invite', { email }).then((e) => e.data);

export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteGuardian,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['family'], refetchType: 'all' }),
  });
}
