import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const ChatPage = lazy(() => import('./chat-page.tsx').then((m) => ({ default: m.ChatPage })));

/** Chat (signed in only: app/router puts it behind the session guard). */
export const chatRoutes: RouteObject[] = [{ path: paths.chat, element: <ChatPage /> }];
