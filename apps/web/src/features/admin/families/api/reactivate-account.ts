import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus } from '@kikstart/contract/admin-families';
import { apiWrite } from '../../../../lib/api-client.ts';

/** POST /api/admin/users/:userId/reactivate: the account may sign in again. */
export const reactivateAccount = (userId: string) =>
  apiWrite<AccountStatus>(`/admin/users/${encodeURIComponent(userId)}/reactivate`).then((e) => e.data);

export function useReactivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'families'] }),
  });
}
