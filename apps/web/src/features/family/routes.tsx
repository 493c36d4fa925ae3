import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const FamilyPage = lazy(() => import('./family-page.tsx').then((m) => ({ default: m.FamilyPage })));
const FamilyJoinPage = lazy(() => import('./family-join-page.tsx').then((m) => ({ default: m.FamilyJoinPage })));

/** Guardians, invitations and joining a family; signed in only (app/router puts them behind the session guard). */
export const familyRoutes: RouteObject[] = [
  { path: paths.family, element: <FamilyPage /> },
  { path: paths.familyJoin, element: <FamilyJoinPage /> },
];
