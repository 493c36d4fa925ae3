import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Provider as ReduxProvider } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { PersistGate } from 'redux-persist/integration/react';
import { persistor, startPersisting, store as browserStore } from '../../store/store.ts';
import { CLIENT_ONLY_ENV, RenderEnvProvider } from '../../lib/render-env.ts';
import type { RenderEnv } from '../../lib/render-env.ts';
import { AppThemeProvider } from './app-theme-provider.tsx';
import { createAppQueryClient } from './query-client.ts';
import { ToastProvider } from './toast-provider.tsx';

export interface AppProvidersProps {
  children: ReactNode;
  /** The query cache; a server render or a hydrating page passes the one holding its data. */
  queryClient?: QueryClient;
  /** The server's per-request store; the browser uses the persisted one. */
  store?: Store;
  /**
   * Set on the server and for a page that hydrates server HTML: no PersistGate (the page shows
   * at once and the persisted store restores in the background), and the first render uses what
   * the server knew (decision 0027). Client-rendered pages keep spec §4's restore-before-show.
   */
  serverEnv?: RenderEnv;
}

/** Store (restored before client-rendered pages show), queries, theme and toasts. */
export function AppProviders({ children, queryClient: given, store = browserStore, serverEnv }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  // Effects run after hydration: only then may the persisted state arrive (startPersisting).
  useEffect(() => startPersisting(), []);
  const app = (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <ToastProvider>{children}</ToastProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
  return (
    <ReduxProvider store={store}>
      <RenderEnvProvider value={serverEnv ?? CLIENT_ONLY_ENV}>
        {serverEnv ? (
          app
        ) : (
          <PersistGate loading={null} persistor={persistor}>
            {app}
          </PersistGate>
        )}
      </RenderEnvProvider>
    </ReduxProvider>
  );
}
