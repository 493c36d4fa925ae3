import { lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { RequireCoach } from './require-coach.tsx';

const CoachPage = lazy(() => import('./coach-page.tsx').then((m) => ({ default: m.CoachPage })));
const CoachProgramPage = lazy(() => import('./coach-program-page.tsx').then((m) => ({ default: m.CoachProgramPage })));
const RosterPage = lazy(() => import('./roster-page.tsx').then((m) => ({ default: m.RosterPage })));
const CoachProfilePage = lazy(() => import('./coach-profile-page.tsx').then((m) => ({ default: m.CoachProfilePage })));

/** The coach portal (signed in only: app/router puts it behind the session guard; coaches and admins). */
export const coachRoutes: RouteObject[] = [
  {
    element: (
      <RequireCoach>
        <Outlet />
      </RequireCoach>
    ),
    children: [
      { path: paths.coach, element: <CoachPage /> },
      { path: paths.coachProgram, element: <CoachProgramPage /> },
      { path: paths.coachSession, element: <RosterPage /> },
      { path: paths.coachProfile, element: <CoachProfilePage /> },
    ],
  },
];
