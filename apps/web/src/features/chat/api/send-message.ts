import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@kikstart/contract/chat';
import { apiWrite } from '../../../lib/api-client.ts';
import { addMessageToHistory } from './get-chat-history.ts';
import { chatListQueryKey } from './get-chat-list.ts';

/** POST /api/chat/send. */
export const sendMessage = (input: { conversationId: string; body: string }) =>
  // The message appears in the thread: that is the confirmation, no toast.
  apiWrite<ChatMessage>('/chat/send', input, { successToast: false });

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (envelope) => {
      addMessageToHistory(queryClient, envelope.data);
      void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
    },
  });
}
