import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatList } from '@kikstart/contract/chat';
import { apiGet } from '../../../lib/api-client.ts';
import { store } from '../../../store/store.ts';
import { setCounter } from '../../../store/counter-slice.ts';
import { noteSeenIds } from '../seen-ids.ts';

export const chatListQueryKey = ['chat', 'list'] as const;

/** GET /api/chat/list: my conversations with their last message and unread count; sets the header's total. */
export const getChatList = async (signal?: AbortSignal) => {
  const list = await apiGet<ChatList>('/chat/list', { signal });
  store.dispatch(setCounter(list.unreadTotal));
  noteSeenIds(list.conversations.flatMap((c) => (c.lastMessage ? [c.lastMessage.id] : [])));
  return list;
};

export const chatListQueryOptions = () =>
  queryOptions({ queryKey: chatListQueryKey, queryFn: ({ signal }) => getChatList(signal) });

export const useChatList = () => useQuery(chatListQueryOptions());
