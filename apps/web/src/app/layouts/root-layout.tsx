import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SessionBootstrap } from '../../features/auth/session-bootstrap.tsx';
import { DemoModalHost } from '../../features/leads/components/demo-modal-host.tsx';
import { RoutePushListener } from '../router/route-push-listener.tsx';
import { FocusOnNavigation } from './focus-on-navigation.tsx';
import { HydrationMarker } from './hydration-marker.tsx';
import { SkipLink } from './skip-link.tsx';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';

export const MAIN_CONTENT_ID = 'main-content';

/** Page frame: skip link, header, main landmark (with error boundary), footer, and the demo modal. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SessionBootstrap />
      <RoutePushListener />
      <ScrollRestoration />
      <FocusOnNavigation mainId={MAIN_CONTENT_ID} />
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <SiteHeader />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <ErrorBoundary resetKey={pathname}>
          {/* The page's one boundary: server-rendered pages keep their parts out of boundaries
              of their own (lazy-part.tsx), so they hydrate together, marker included. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <HydrationMarker />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <SiteFooter />
      <DemoModalHost />
    </Box>
  );
}
