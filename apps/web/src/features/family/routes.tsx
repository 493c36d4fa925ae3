import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';

const FamilyPage = lazyPage(() => import('./family-page.tsx').then((m) => m.FamilyPage));
const FamilyJoinPage = lazyPage(() => import('./family-join-page.tsx').then((m) => m.FamilyJoinPage));

/** Guardians, invitations and joining a family; signed in only (app/router puts them behind the session guard). */
export const familyRoutes: RouteObject[] = [
  { path: paths.family, element: <FamilyPage /> },
  { path: paths.familyJoin, element: <FamilyJoinPage /> },
];
