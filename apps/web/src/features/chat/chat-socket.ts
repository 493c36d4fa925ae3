import type { QueryClient } from '@tanstack/react-query';
import { CHAT_SOCKET_PATH, SOCKET_CLOSE, type ChatSocketEvent } from '@kikstart/contract/chat';
import { API_BASE_URL } from '../../lib/api-client.ts';
import { getAuthToken } from '../../lib/cookies.ts';
import { store } from '../../store/store.ts';
import { setCounter } from '../../store/counter-slice.ts';
import { addMessageToHistory } from './api/get-chat-history.ts';
import { chatListQueryOptions } from './api/get-chat-list.ts';
import { forgetSeenIds, newestSeenId, noteSeenIds } from './seen-ids.ts';

const MAX_BACKOFF_MS = 30_000;

/** ws(s)://<api host>/api/chat/socket, whether the API is this origin or VITE_API_URL's. */
function socketUrl() {
  const url = new URL(`${API_BASE_URL}${CHAT_SOCKET_PATH}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Keeps one socket open for the signed-in tab: says who it is in the first message (never in the
 * URL), asks for what it missed since the newest id it has seen, and reconnects with backoff. New
 * messages go into the loaded history and refresh the list (which sets the header's total).
 * Returns stop(), for sign-out.
 */
export function startChatSocket(queryClient: QueryClient) {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const refreshList = () =>
    void queryClient.fetchQuery({ ...chatListQueryOptions(), staleTime: 0 }).catch(() => undefined);

  const onEvent = (event: ChatSocketEvent) => {
    switch (event.type) {
      case 'ready':
        attempts = 0;
        store.dispatch(setCounter(event.unreadTotal));
        return;
      case 'message':
        noteSeenIds([event.message.id]);
        addMessageToHistory(queryClient, event.message);
        refreshList();
        return;
      case 'read':
        store.dispatch(setCounter(event.unreadTotal));
        void queryClient.invalidateQueries({ queryKey: ['chat', 'list'] });
        return;
      case 'resync':
        void queryClient.invalidateQueries({ queryKey: ['chat'] });
        refreshList();
        return;
      default:
        return;
    }
  };

  const connect = () => {
    const token = getAuthToken();
    if (stopped || !token) return;
    const ws = new WebSocket(socketUrl());
    socket = ws;
    ws.onopen = () => {
      const after = newestSeenId();
      ws.send(JSON.stringify({ type: 'auth', token, ...(after > 0 ? { after } : {}) }));
    };
    ws.onmessage = (message) => {
      try {
        onEvent(JSON.parse(String(message.data)) as ChatSocketEvent);
      } catch {
        // Not one of ours: ignored.
      }
    };
    ws.onclose = (close) => {
      if (socket === ws) socket = null;
      // A refused session will not become valid by retrying; the next sign-in starts a new socket.
      if (stopped || close.code === SOCKET_CLOSE.unauthorized) return;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts++);
      retry = setTimeout(connect, delay);
    };
  };

  const reconnectNow = () => {
    if (socket || stopped) return;
    clearTimeout(retry);
    attempts = 0;
    connect();
  };
  window.addEventListener('online', reconnectNow);
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    window.removeEventListener('online', reconnectNow);
    socket?.close(1000, 'signed out');
    socket = null;
    forgetSeenIds();
  };
}
