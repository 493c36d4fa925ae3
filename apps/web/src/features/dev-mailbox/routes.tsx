import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const DevMailboxPage = lazyPage(() => import('./dev-mailbox-page.tsx').then((m) => m.DevMailboxPage), {
  skeleton: <AccountPageSkeleton />,
});

/** The dev mailbox: mail the API kept instead of sending (the API answers 404 once SMTP is set). */
export const devMailboxRoutes: RouteObject[] = [{ path: paths.devMailbox, element: <DevMailboxPage /> }];
