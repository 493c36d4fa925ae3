import { useEffect, useLayoutEffect } from 'react';
import { markHydrated, useHydrated } from '../../lib/render-env.ts';
import { PAGE_HYDRATED_EVENT } from '../../lib/server-state.ts';

/**
 * Marks a server-rendered page as the app's. In the hydration's own commit, before the browser
 * paints, it tells the entry (PAGE_HYDRATED_EVENT), which gives back what the visitor did while
 * the page was HTML. Then it sets `<html data-hydrated>`: the end-to-end tests wait for it before
 * they type, click or press keys. React hydrates each Suspense boundary in a pass of its own,
 * after the root, so this sits inside the page's boundary (root layout).
 */
export function HydrationMarker() {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
  }, []);
  useEffect(() => {
    if (!hydrated) return;
    markHydrated();
    document.documentElement.dataset.hydrated = '';
  }, [hydrated]);
  return null;
}
