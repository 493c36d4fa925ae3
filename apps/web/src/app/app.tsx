import type { ReactNode } from 'react';
import { AppProviders } from './providers/app-providers.tsx';
import type { AppProvidersProps } from './providers/app-providers.tsx';

/** The providers around a router: RouterProvider in the browser, StaticRouterProvider on the server. */
export function App({ children, ...providers }: Omit<AppProvidersProps, 'children'> & { children: ReactNode }) {
  return <AppProviders {...providers}>{children}</AppProviders>;
}
