import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks.ts';
import { OPEN_DEMO_EVENT } from '../../../lib/demo-events.ts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useRenderEnv } from '../../../lib/render-env.ts';
import { getAuthToken } from '../../../lib/cookies.ts';
import {
  demoShownThisSession,
  hasFirstTimeCookie,
  markDemoShownThisSession,
  opensOnArrival,
} from '../../../lib/first-visit-cookie.ts';
import type { DemoDetails } from '../../../store/demo-slice.ts';
import { demoOpened } from '../../../store/demo-slice.ts';

// The dialog and its form stay out of the landing chunk. A first visit's page is rendered with it
// open, so it is a part of that page (lazy-part.tsx: linked, and loaded before hydrating).
const loadDialog = () => import('./demo-request-dialog.tsx');
const DemoRequestDialog = lazyPart(
  'src/features/leads/components/demo-request-dialog.tsx',
  () => loadDialog().then((m) => m.default),
  { likely: true },
);

/**
 * Mounted once in the root layout: turns open events (openDemoModal) into store updates, opens the
 * modal by itself on a first visit to a marketing page (once per browser session, never for a
 * signed-in user: decision 0008), and renders the dialog once it has been needed.
 */
export function DemoModalHost() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.demo.open);
  const signedInState = useAppSelector((s) => s.session.isLoggedIn);
  const { pathname } = useLocation();
  const openedWithPage = useRenderEnv().demoOpen;
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);

  useEffect(() => {
    const onOpen = (event: Event) => dispatch(demoOpened((event as CustomEvent<DemoDetails | null>).detail));
    window.addEventListener(OPEN_DEMO_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_DEMO_EVENT, onOpen);
  }, [dispatch]);

  useEffect(() => {
    // The token cookie counts too: it is there before the profile call has filled the store.
    const arrival = {
      pathname,
      signedIn: signedInState || Boolean(getAuthToken()),
      firstTimeCookie: hasFirstTimeCookie(),
      shownThisSession: demoShownThisSession(),
    };
    if (!opensOnArrival(arrival)) return;
    // Recorded as it opens, not as it closes: a new tab opened meanwhile must not show it again.
    markDemoShownThisSession();
    // Its code first, in a task of its own, then the modal: asked for by the render that opens
    // it, the chunk's download helper and evaluation ran inside that render's long task (issue 19).
    const open = () => dispatch(demoOpened(null));
    setTimeout(() => void loadDialog().then(open, open));
  }, [pathname, signedInState, dispatch]);

  if (!needed) return null;
  // A page that came with it open loaded its code before hydrating (a part): without a boundary
  // of its own it hydrates with the page's root, in the same pass, so it holds the focus before
  // the page says it is ready (a boundary of its own hydrated in a later pass of React's choosing).
  if (openedWithPage) return <DemoRequestDialog />;
  return (
    <Suspense fallback={null}>
      <DemoRequestDialog />
    </Suspense>
  );
}
