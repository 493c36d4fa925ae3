import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemovedGuardian } from '@kikstart/contract/family';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/family/guardians/remove: the other guardian loses access and is signed out; both are mailed. */
export const removeGuardian = (userId: string) =>
  apiWrite<RemovedGuardian>('/family/guardians/remove', { userId }).then((e) => e.data);

export function useRemoveGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGuardian,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['family'], refetchType: 'all' }),
  });
}
