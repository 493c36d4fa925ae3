import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus, StaffRolesBody } from '@kikstart/contract/admin-families';
import { apiWrite } from '../../../../lib/api-client.ts';

/** PUT /api/admin/users/:userId/roles: the coach and admin roles the account holds afterwards. */
export const setStaffRoles = ({ userId, roles }: { userId: string; roles: StaffRolesBody }) =>
  apiWrite<AccountStatus>(`/admin/users/${encodeURIComponent(userId)}/roles`, roles, { method: 'PUT' }).then(
    (e) => e.data,
  );

export function useSetStaffRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'families'] }),
  });
}
