import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page's heading is waited for (a lazy page shows its skeleton first). */
const HEADING_WAIT_MS = 3000;

/**
 * After a navigation to another page, the focus moves to the new page's main heading, so a screen
 * reader announces where the visitor is and the keyboard starts from there (as a full page load
 * would). Left alone when the visitor (or the page itself, an autofocus field) has moved the focus
 * since, and on the first page and search-only changes (the catalog's filters keep their focus).
 */
export function FocusOnNavigation({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusedAtStart = document.activeElement;
    const until = performance.now() + HEADING_WAIT_MS;
    let frame = 0;
    const tryFocus = () => {
      if (document.activeElement !== focusedAtStart) return;
      const heading = document.querySelector<HTMLElement>(`#${mainId} h1`);
      if (!heading) {
        if (performance.now() < until) frame = requestAnimationFrame(tryFocus);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, mainId]);
  return null;
}
