import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const EnrollPage = lazyPage(() => import('./enroll-page.tsx').then((m) => m.EnrollPage), {
  skeleton: <AccountPageSkeleton />,
});

/** The enrollment wizard; signed in only (app/router puts it behind the session guard). */
export const enrollmentRoutes: RouteObject[] = [{ path: paths.enroll, element: <EnrollPage /> }];
