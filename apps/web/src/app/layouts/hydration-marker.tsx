import { useEffect } from 'react';
import { markHydrated, useHydrated } from '../../lib/render-env.ts';

/**
 * Sets `<html data-hydrated>` once the page it is rendered beside works: the end-to-end tests
 * wait for it before they type, click or press keys, which server HTML ignores. React hydrates
 * each Suspense boundary in a pass of its own, after the root, so this sits inside the page's
 * boundary (root layout), and turns on with useHydrated, in the render that makes submit buttons
 * submit buttons.
 */
export function HydrationMarker() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    markHydrated();
    document.documentElement.dataset.hydrated = '';
  }, [hydrated]);
  return null;
}
