import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const DashboardPage = lazyPage(() => import('./dashboard-page.tsx').then((m) => m.DashboardPage), {
  skeleton: <AccountPageSkeleton />,
});
const EnrollmentsPage = lazyPage(() => import('./enrollments-page.tsx').then((m) => m.EnrollmentsPage), {
  skeleton: <AccountPageSkeleton />,
});

/** The parent's dashboard and enrollments list; signed in only (app/router puts them behind the session guard). */
export const dashboardRoutes: RouteObject[] = [
  { path: paths.dashboard, element: <DashboardPage /> },
  { path: paths.enrollments, element: <EnrollmentsPage /> },
];
