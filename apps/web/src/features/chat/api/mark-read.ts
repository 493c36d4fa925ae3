import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResult } from '@kikstart/contract/chat';
import { apiWrite } from '../../../lib/api-client.ts';
import { store } from '../../../store/store.ts';
import { setCounter } from '../../../store/counter-slice.ts';
import { chatListQueryKey } from './get-chat-list.ts';

/** POST /api/chat/read: read up to a message; the answer is the new header total. */
export const markRead = async (input: { conversationId: string; upTo: number }) => {
  const envelope = await apiWrite<MarkReadResult>('/chat/read', input, {
    notifyOnError: false,
    successToast: false,
  });
  store.dispatch(setCounter(envelope.data.unreadTotal));
  return envelope.data;
};

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatListQueryKey }),
  });
}
