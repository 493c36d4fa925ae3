import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BroadcastResult } from '@kikstart/contract/chat';
import { apiWrite } from '../../../lib/api-client.ts';
import { chatListQueryKey } from './get-chat-list.ts';

/** POST /api/chat/program-message: a coach's message copied into each family's own conversation. */
export const sendBroadcast = (input: { programId: string; body: string }) =>
  // The dialog says how many families it reached.
  apiWrite<BroadcastResult>('/chat/program-message', input, { successToast: false });

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat'] }),
  });
}

export { chatListQueryKey };
