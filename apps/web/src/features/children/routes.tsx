import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';

const ChildrenPage = lazyPage(() => import('./children-page.tsx').then((m) => m.ChildrenPage));
const ChildNewPage = lazyPage(() => import('./child-new-page.tsx').then((m) => m.ChildNewPage));
const ChildEditPage = lazyPage(() => import('./child-edit-page.tsx').then((m) => m.ChildEditPage));
const ChildPage = lazyPage(() => import('./child-page.tsx').then((m) => m.ChildPage));

/** The family's children; signed in only (app/router puts them behind the session guard). */
export const childRoutes: RouteObject[] = [
  { path: paths.children, element: <ChildrenPage /> },
  { path: paths.childNew, element: <ChildNewPage /> },
  { path: paths.childEdit, element: <ChildEditPage /> },
  { path: paths.child, element: <ChildPage /> },
];
