import type { RouteObject } from 'react-router';
import { ADMIN_PATH } from './admin-paths.ts';
import { ADMIN_SECTIONS } from './admin-sections.tsx';
import { RequireAdmin } from './require-admin.tsx';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const AdminLayout = lazyPage(() => import('./admin-layout.tsx').then((m) => m.AdminLayout), {
  skeleton: <AccountPageSkeleton label="Loading the console" />,
});
const AdminHomePage = lazyPage(() => import('./admin-home-page.tsx').then((m) => m.AdminHomePage));

/** The staff console (signed in only: app/router puts it behind the session guard; admins only). */
export const adminRoutes: RouteObject[] = [
  {
    path: ADMIN_PATH,
    element: (
      <RequireAdmin>
        <AdminLayout />
      </RequireAdmin>
    ),
    children: [
      { index: true, element: <AdminHomePage /> },
      ...ADMIN_SECTIONS.map(({ path, page: Page, subpages = [] }) => ({
        path,
        children: [
          { index: true, element: <Page /> },
          ...subpages.map(({ path: sub, page: Sub }) => ({ path: sub, element: <Sub /> })),
        ],
      })),
    ],
  },
];
