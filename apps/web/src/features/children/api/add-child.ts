import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Child } from '@kikstart/contract/children';
import { apiWrite } from '../../../lib/api-client.ts';

/** The form's values as sent; the server parses them with the same contract schema. */
export type ChildPayload = Record<string, unknown>;

/** POST /api/user/child/add (spec §8: success and warning toasts come from apiWrite). */
export const addChild = (payload: ChildPayload) => apiWrite<Child>('/user/child/add', payload).then((e) => e.data);

export function useAddChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['children'], refetchType: 'all' }),
  });
}
