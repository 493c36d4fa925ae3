import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const ChildrenPage = lazy(() => import('./children-page.tsx').then((m) => ({ default: m.ChildrenPage })));
const ChildNewPage = lazy(() => import('./child-new-page.tsx').then((m) => ({ default: m.ChildNewPage })));
const ChildEditPage = lazy(() => import('./child-edit-page.tsx').then((m) => ({ default: m.ChildEditPage })));
const ChildPage = lazy(() => import('./child-page.tsx').then((m) => ({ default: m.ChildPage })));

/** The family's children; signed in only (app/router puts them behind the session guard). */
export const childRoutes: RouteObject[] = [
  { path: paths.children, element: <ChildrenPage /> },
  { path: paths.childNew, element: <ChildNewPage /> },
  { path: paths.childEdit, element: <ChildEditPage /> },
  { path: paths.child, element: <ChildPage /> },
];
