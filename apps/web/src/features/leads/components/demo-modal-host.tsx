import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks.ts';
import { OPEN_DEMO_EVENT } from '../../../lib/demo-events.ts';
import type { DemoDetails } from '../../../store/demo-slice.ts';
import { demoOpened } from '../../../store/demo-slice.ts';

// The dialog, its form and the date pickers stay out of the landing chunk; on a first visit
// the modal is open from the start, so the chunk is requested right after the first render.
const DemoRequestDialog = lazy(() => import('./demo-request-dialog.tsx'));

/**
 * Mounted once in the header: turns open events (openDemoModal) into store updates and
 * renders the dialog once it has been needed.
 */
export function DemoModalHost() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.demo.open);
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);

  useEffect(() => {
    const onOpen = (event: Event) => dispatch(demoOpened((event as CustomEvent<DemoDetails | null>).detail));
    window.addEventListener(OPEN_DEMO_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_DEMO_EVENT, onOpen);
  }, [dispatch]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <DemoRequestDialog />
    </Suspense>
  );
}
