import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const EnrollPage = lazy(() => import('./enroll-page.tsx').then((m) => ({ default: m.EnrollPage })));

/** The enrollment wizard; signed in only (app/router puts it behind the session guard). */
export const enrollmentRoutes: RouteObject[] = [{ path: paths.enroll, element: <EnrollPage /> }];
