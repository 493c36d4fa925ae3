import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const DashboardPage = lazy(() => import('./dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const EnrollmentsPage = lazy(() => import('./enrollments-page.tsx').then((m) => ({ default: m.EnrollmentsPage })));

/** The parent's dashboard and enrollments list; signed in only (app/router puts them behind the session guard). */
export const dashboardRoutes: RouteObject[] = [
  { path: paths.dashboard, element: <DashboardPage /> },
  { path: paths.enrollments, element: <EnrollmentsPage /> },
];
