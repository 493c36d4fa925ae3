import { Outlet, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { RequireCoach } from './require-coach.tsx';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const CoachPage = lazyPage(() => import('./coach-page.tsx').then((m) => m.CoachPage), {
  skeleton: <AccountPageSkeleton />,
});
const CoachProgramPage = lazyPage(() => import('./coach-program-page.tsx').then((m) => m.CoachProgramPage), {
  skeleton: <AccountPageSkeleton />,
});
const RosterPage = lazyPage(() => import('./roster-page.tsx').then((m) => m.RosterPage), {
  skeleton: <AccountPageSkeleton />,
});
const CoachProfilePage = lazyPage(() => import('./coach-profile-page.tsx').then((m) => m.CoachProfilePage), {
  skeleton: <AccountPageSkeleton />,
});

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
