import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelledInvite } from '@kikstart/contract/family';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/family/invites/cancel: the invitation link to that address stops working. */
export const cancelInvite = (email: string) =>
  apiWrite<CancelledInvite>('/family/invites/cancel', { email }).then((e) => e.data);

export function useCancelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['family'], refetchType: 'all' }),
  });
}
