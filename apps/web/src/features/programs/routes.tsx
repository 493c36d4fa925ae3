import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const CatalogPage = lazy(() => import('./catalog-page.tsx').then((m) => ({ default: m.CatalogPage })));
const ProgramDetailsPage = lazy(() =>
  import('./program-details-page.tsx').then((m) => ({ default: m.ProgramDetailsPage })),
);

/** The public catalog and program details. */
export const programRoutes: RouteObject[] = [
  { path: paths.programs, element: <CatalogPage /> },
  { path: paths.programDetails, element: <ProgramDetailsPage /> },
];
