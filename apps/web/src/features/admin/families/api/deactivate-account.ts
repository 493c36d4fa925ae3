import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus } from '@kikstart/contract/admin-families';
import { apiWrite } from '../../../../lib/api-client.ts';

/** POST /api/admin/users/:userId/deactivate: the account's sessions end and it cannot sign in. */
export const deactivateAccount = (userId: string) =>
  apiWrite<AccountStatus>(`/admin/users/${encodeURIComponent(userId)}/deactivate`).then((e) => e.data);

export function useDeactivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'families'] }),
  });
}
