import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './theme/fonts.ts';
import { App } from './app/app.tsx';
import { appRoutes } from './app/router/router.tsx';
import { createAppQueryClient } from './app/providers/query-client.ts';
import { initMonitoring } from './lib/monitoring.ts';
import { readServerState } from './lib/server-state.ts';

void initMonitoring();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A public page arrives rendered by the server with its data (decision 0027): the query cache
// starts with that data, so hydration asks the API for nothing the HTML already shows.
const serverState = readServerState(document);
const queryClient = createAppQueryClient();
if (serverState) hydrate(queryClient, serverState.queries);
const router = createBrowserRouter(appRoutes);

const app = (
  <StrictMode>
    <App queryClient={queryClient} serverEnv={serverState?.env}>
      <RouterProvider router={router} />
    </App>
  </StrictMode>
);
if (serverState) hydrateRoot(container, app);
else createRoot(container).render(app);
