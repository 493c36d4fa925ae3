import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../lib/paths.ts';

const CatalogPage = lazy(() => import('./catalog-page.tsx').then((m) => ({ default: m.CatalogPage })));
const ProgramDetailsPage = lazy(() =>
  import('./program-details-page.tsx').then((m) => ({ default: m.ProgramDetailsPage })),
);

/**
 * While a page's code loads, hold a screen's height: with the layout's short loader the footer
 * would show, then jump away when the (tall) page arrives, a layout shift on every visit.
 */
const screenTall = (page: ReactNode) => (
  <Suspense
    fallback={
      <Box sx={{ minHeight: '100vh' }}>
        <PageLoader />
      </Box>
    }
  >
    {page}
  </Suspense>
);

/** The public catalog and program details. */
export const programRoutes: RouteObject[] = [
  { path: paths.programs, element: screenTall(<CatalogPage />) },
  { path: paths.programDetails, element: screenTall(<ProgramDetailsPage />) },
];
