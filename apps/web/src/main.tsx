import { StrictMode, startTransition } from 'react';
import { CacheProvider } from '@emotion/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './theme/fonts.ts';
import { App } from './app/app.tsx';
import { appRoutes } from './app/router/router.tsx';
import { createAppQueryClient } from './app/providers/query-client.ts';
import { preloadParts } from './lib/lazy-part.tsx';
import { initMonitoring } from './lib/monitoring.ts';
import { readServerState } from './lib/server-state.ts';
import { markHydrated } from './lib/render-env.ts';
import { startPersisting } from './store/store.ts';
import { readThemeChoice } from './theme/theme-choice.ts';
import { createEmotionCache } from './theme/emotion-cache.ts';

void initMonitoring();

// Evaluating the page's modules is one long task on a phone; the router and hydration start in
// the next one, so the browser can paint and answer a tap in between (issue 19).
setTimeout(start, 0);

function start() {
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
      <CacheProvider value={createEmotionCache()}>
        <App queryClient={queryClient} serverEnv={serverState?.env}>
          <RouterProvider router={router} />
        </App>
      </CacheProvider>
    </StrictMode>
  );
  // The server knew the OS preference only from a client hint; when it guessed wrong (a first
  // visit, a browser without hints) the page is rendered afresh in the right theme rather than
  // hydrated and switched, which would leave parts of it in the other theme's colors (0027).
  const osPrefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const themeGuessedWrong = serverState && !readThemeChoice() && serverState.env.prefersDark !== osPrefersDark;
  if (serverState && !themeGuessedWrong) {
    // The page's code-split parts first, so it hydrates whole, in one pass (lazy-part.tsx). As a
    // transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (no long task while the visitor scrolls or taps; a tap on a
    // part not hydrated yet hydrates that part first and is replayed).
    void preloadParts(serverState.parts ?? []).then(() => startTransition(() => void hydrateRoot(container, app)));
  } else {
    // A client-rendered page restores the persisted store before it shows (spec §4, PersistGate).
    if (!serverState) startPersisting();
    markHydrated(); // nothing to hydrate: forms work from the first render
    createRoot(container).render(app);
  }
}
