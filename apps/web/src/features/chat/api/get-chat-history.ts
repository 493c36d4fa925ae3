import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ChatHistory, ChatMessage } from '@kikstart/contract/chat';
import { apiGet } from '../../../lib/api-client.ts';
import { SIGNED_LINK_QUERY } from '../../../lib/signed-links.ts';
import { noteSeenIds } from '../seen-ids.ts';

export const chatHistoryQueryKey = (conversationId: string) => ['chat', 'history', conversationId] as const;

/** GET /api/chat/history: one page, newest first; `before` pages back. */
export const getChatHistory = async (conversationId: string, before: number | undefined, signal?: AbortSignal) => {
  const page = await apiGet<ChatHistory>('/chat/history', { query: { conversationId, before }, signal });
  noteSeenIds(page.messages.map((m) => m.id));
  return page;
};

export const useChatHistory = (conversationId: string) =>
  useInfiniteQuery({
    queryKey: chatHistoryQueryKey(conversationId),
    queryFn: ({ pageParam, signal }) => getChatHistory(conversationId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Attachment links are signed for minutes: the loaded pages are fetched again before they end.
    ...SIGNED_LINK_QUERY,
  });

/**
 * Puts a message (from the socket or a send) at the top of its conversation's loaded history.
 * Deduped by id: the socket, the send's answer and a catch-up may each bring the same message.
 */
export function addMessageToHistory(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<InfiniteData<ChatHistory, number | undefined>>(
    chatHistoryQueryKey(message.conversationId),
    (data) => {
      if (!data || data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
      const [first, ...rest] = data.pages;
      const messages = [...first!.messages, message].sort((a, b) => b.id - a.id);
      return { ...data, pages: [{ ...first!, messages }, ...rest] };
    },
  );
}
