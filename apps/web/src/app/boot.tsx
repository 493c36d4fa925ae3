import { StrictMode, startTransition } from 'react';
import { CacheProvider } from '@emotion/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './app.tsx';
import { appRoutes } from './router/router.tsx';
import { createAppQueryClient } from './providers/query-client.ts';
import { loadLikelyParts, preloadParts } from '../lib/lazy-part.tsx';
import { prefetchLinkedPages } from '../lib/link-prefetch.ts';
import { PAGE_HYDRATED_EVENT } from '../lib/server-state.ts';
import type { ServerState } from '../lib/server-state.ts';
import { markHydrated } from '../lib/render-env.ts';
import { demoOpened } from '../store/demo-slice.ts';
import { startPersisting, store } from '../store/store.ts';
import { createEmotionCache } from '../theme/emotion-cache.ts';

/**
 * Starts the app in the page: hydrates a server-rendered page (`serverState` from its state
 * script; main.tsx decides when), or renders the client-rendered shell. Resolves once React owns
 * the page's root, so a click taken before that can be handed to it (lib/early-input.ts).
 */
export async function boot(serverState: ServerState | null, { rerender }: { rerender: boolean }) {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  // A public page arrives rendered by the server with its data (decision 0027): the query cache
  // starts with that data, so hydration asks the API for nothing the HTML already shows.
  const queryClient = createAppQueryClient();
  if (serverState) hydrate(queryClient, serverState.queries);
  // A first visit's page came with the demo modal open (spec §4): the store agrees before hydrating.
  if (serverState?.env.demoOpen) store.dispatch(demoOpened(null));
  const router = createBrowserRouter(appRoutes);
  // Once the page runs, the parts a visitor is likely to open next load while the browser is idle,
  // and a link's page code as soon as following it is likely.
  const onceRunning = () => {
    loadLikelyParts();
    prefetchLinkedPages(appRoutes);
  };
  document.addEventListener(PAGE_HYDRATED_EVENT, onceRunning, { once: true });

  const app = (
    <StrictMode>
      <CacheProvider value={createEmotionCache()}>
        <App queryClient={queryClient} serverEnv={serverState?.env}>
          <RouterProvider router={router} />
        </App>
      </CacheProvider>
    </StrictMode>
  );
  if (serverState && !rerender) {
    // The page's code-split parts first, so it hydrates whole, in one pass (lazy-part.tsx). As a
    // transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (no long task while the visitor scrolls or taps; a tap on a
    // part not hydrated yet hydrates that part first and is replayed).
    await preloadParts(serverState.parts ?? []);
    startTransition(() => void hydrateRoot(container, app));
  } else {
    // A client-rendered page restores the persisted store before it shows (spec §4, PersistGate).
    if (!serverState) startPersisting();
    markHydrated(); // nothing to hydrate: forms work from the first render
    createRoot(container).render(app);
  }
}
