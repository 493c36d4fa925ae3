import { Outlet, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { RequireCoach } from './require-coach.tsx';
import { lazyPage } from '../../lib/lazy-part.tsx';

const CoachPage = lazyPage(() => import('./coach-page.tsx').then((m) => m.CoachPage));
const CoachProgramPage = lazyPage(() => import('./coach-program-page.tsx').then((m) => m.CoachProgramPage));
const RosterPage = lazyPage(() => import('./roster-page.tsx').then((m) => m.RosterPage));
const CoachProfilePage = lazyPage(() => import('./coach-profile-page.tsx').then((m) => m.CoachProfilePage));

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
