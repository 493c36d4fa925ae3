import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton, FormPageSkeleton } from '../../components/page-skeletons.tsx';

const FamilyPage = lazyPage(() => import('./family-page.tsx').then((m) => m.FamilyPage), {
  skeleton: <AccountPageSkeleton />,
});
const FamilyJoinPage = lazyPage(() => import('./family-join-page.tsx').then((m) => m.FamilyJoinPage), {
  skeleton: <FormPageSkeleton />,
});

/** Guardians, invitations and joining a family; signed in only (app/router puts them behind the session guard). */
export const familyRoutes: RouteObject[] = [
  { path: paths.family, element: <FamilyPage /> },
  { path: paths.familyJoin, element: <FamilyJoinPage /> },
];
