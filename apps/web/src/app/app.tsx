import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { AppProviders } from './providers/app-providers.tsx';
import type { AppProvidersProps } from './providers/app-providers.tsx';

/** The providers around a router: RouterProvider in the browser, StaticRouterProvider on the server. */
export function App({ children, ...providers }: Omit<AppProvidersProps, 'children'> & { children: ReactNode }) {
  useMarkHydrated();
  return <AppProviders {...providers}>{children}</AppProviders>;
}

/**
 * `<html data-hydrated>` once React runs the page (after hydration for a server-rendered one):
 * the end-to-end tests wait for it before they type or press keys, which server HTML ignores.
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}
