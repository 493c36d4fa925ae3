import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { persistor, store } from '../../store/store.ts';
import { AppThemeProvider } from './app-theme-provider.tsx';
import { createAppQueryClient } from './query-client.ts';
import { ToastProvider } from './toast-provider.tsx';

/** Store (restored before anything shows), queries, theme and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <ReduxProvider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <QueryClientProvider client={queryClient}>
          <AppThemeProvider>
            <ToastProvider>{children}</ToastProvider>
          </AppThemeProvider>
        </QueryClientProvider>
      </PersistGate>
    </ReduxProvider>
  );
}
