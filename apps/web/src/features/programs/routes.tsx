import type { RouteObject } from 'react-router';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { paths } from '../../lib/paths.ts';

const CatalogPage = lazyPart('src/features/programs/catalog-page.tsx', () =>
  import('./catalog-page.tsx').then((m) => m.CatalogPage),
);
const ProgramDetailsPage = lazyPart('src/features/programs/program-details-page.tsx', () =>
  import('./program-details-page.tsx').then((m) => m.ProgramDetailsPage),
);

/** The public catalog and program details. */
export const programRoutes: RouteObject[] = [
  { path: paths.programs, element: <CatalogPage /> },
  { path: paths.programDetails, element: <ProgramDetailsPage /> },
];
