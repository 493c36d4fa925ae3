import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const ChildrenPage = lazyPage(() => import('./children-page.tsx').then((m) => m.ChildrenPage), {
  skeleton: <AccountPageSkeleton />,
});
const ChildNewPage = lazyPage(() => import('./child-new-page.tsx').then((m) => m.ChildNewPage), {
  skeleton: <AccountPageSkeleton />,
});
const ChildEditPage = lazyPage(() => import('./child-edit-page.tsx').then((m) => m.ChildEditPage), {
  skeleton: <AccountPageSkeleton />,
});
const ChildPage = lazyPage(() => import('./child-page.tsx').then((m) => m.ChildPage), {
  skeleton: <AccountPageSkeleton />,
});

/** The family's children; signed in only (app/router puts them behind the session guard). */
export const childRoutes: RouteObject[] = [
  { path: paths.children, element: <ChildrenPage /> },
  { path: paths.childNew, element: <ChildNewPage /> },
  { path: paths.childEdit, element: <ChildEditPage /> },
  { path: paths.child, element: <ChildPage /> },
];
