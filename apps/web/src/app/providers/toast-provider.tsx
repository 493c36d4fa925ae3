import { useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { whenToastWanted } from '../../lib/notifications.ts';

/** Events after which a toast is likely soon (a form sent, a button pressed). */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Mounts the toasts (toast-host.tsx) when the first one is wanted, or earlier at the first tap
 * or key press so that the code is usually there before the answer it reports; until then no
 * page downloads or runs notistack. A failed download (offline) is tried again at the next
 * toast, which waits meanwhile. The host is never server-rendered: hydration is not affected.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (Host) return;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      import('./toast-host.tsx').then(
        (module) => setHost(() => module.default),
        () => (loading = false),
      );
    };
    for (const name of INTENT_EVENTS) window.addEventListener(name, load, { capture: true, once: true });
    const stopWaiting = whenToastWanted(load);
    return () => {
      stopWaiting();
      for (const name of INTENT_EVENTS) window.removeEventListener(name, load, { capture: true });
    };
  }, [Host]);
  return (
    <>
      {children}
      {Host && <Host />}
    </>
  );
}
