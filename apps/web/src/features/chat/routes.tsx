import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const ChatPage = lazyPage(() => import('./chat-page.tsx').then((m) => m.ChatPage), {
  skeleton: <AccountPageSkeleton />,
});

/** Chat (signed in only: app/router puts it behind the session guard). */
export const chatRoutes: RouteObject[] = [{ path: paths.chat, element: <ChatPage /> }];
