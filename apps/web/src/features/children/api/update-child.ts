import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Child } from '@kikstart/contract/children';
import { apiWrite } from '../../../lib/api-client.ts';
import type { ChildPayload } from './add-child.ts';

/** POST /api/children/update: the whole form, with the child's id. */
export const updateChild = (payload: ChildPayload & { id: string }) =>
  apiWrite<Child>('/children/update', payload).then((e) => e.data);

export function useUpdateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['children'], refetchType: 'all' }),
  });
}
