import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { RequireAuth } from '../auth/require-auth.tsx';

/** React.lazy for a named export. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const CatalogPage = page(() => import('./catalog-page.tsx'), 'CatalogPage');
const ProgramDetailsPage = page(() => import('./program-details-page.tsx'), 'ProgramDetailsPage');
const EnrollPage = page(() => import('../enrollment/enroll-page.tsx'), 'EnrollPage');
const DashboardPage = page(() => import('../dashboard/dashboard-page.tsx'), 'DashboardPage');
const EnrollmentsPage = page(() => import('../dashboard/enrollments-page.tsx'), 'EnrollmentsPage');
const ChildrenPage = page(() => import('../children/children-page.tsx'), 'ChildrenPage');
const ChildNewPage = page(() => import('../children/child-new-page.tsx'), 'ChildNewPage');
const ChildEditPage = page(() => import('../children/child-edit-page.tsx'), 'ChildEditPage');
const ChildPage = page(() => import('../children/child-page.tsx'), 'ChildPage');
const FamilyPage = page(() => import('../family/family-page.tsx'), 'FamilyPage');
const FamilyJoinPage = page(() => import('../family/family-join-page.tsx'), 'FamilyJoinPage');

const guarded = (Page: ComponentType) => (
  <RequireAuth>
    <Page />
  </RequireAuth>
);

/** Programs (public), the enrollment wizard and the parent area (signed in). */
export const familyRoutes: RouteObject[] = [
  { path: paths.programs, element: <CatalogPage /> },
  { path: paths.programDetails, element: <ProgramDetailsPage /> },
  { path: paths.enroll, element: guarded(EnrollPage) },
  { path: paths.dashboard, element: guarded(DashboardPage) },
  { path: paths.enrollments, element: guarded(EnrollmentsPage) },
  { path: paths.children, element: guarded(ChildrenPage) },
  { path: paths.childNew, element: guarded(ChildNewPage) },
  { path: paths.childEdit, element: guarded(ChildEditPage) },
  { path: paths.child, element: guarded(ChildPage) },
  { path: paths.family, element: guarded(FamilyPage) },
  { path: paths.familyJoin, element: guarded(FamilyJoinPage) },
];
