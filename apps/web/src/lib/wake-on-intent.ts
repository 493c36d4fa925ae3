/**
 * What counts as reaching for the page: a pointer moving or pressing over it, a touch, a key, the
 * focus moving into it, the wheel. Scrolling by touch starts with a touch; reading does not count.
 */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * Runs `start` (which loads the app and gives it the page's root) the first time the visitor
 * reaches for a server-rendered page, instead of while it loads (decision 0027, revised
 * 2026-11-28). Until then the page is its server HTML: links are real links (a tap loads the next
 * page, also server-rendered), text fields take typing.
 *
 * Between the first touch and the end of hydration (a second or so on a slow phone):
 * - a button tapped would do nothing (its handler is React's), so its click is kept and given
 *   again once `start` has resolved: React then finishes hydrating at once and runs the handler.
 *   A link or a form's own submission is left to the browser;
 * - text typed into a field is kept: React's first render after hydrating puts its own state (the
 *   server's empty value) back into the field, so once the page has hydrated each such field is
 *   given its text again, as typing would;
 * - Escape (closing the first visit's demo modal, which the server rendered open) is pressed again
 *   once the page has hydrated, in the open modal if there is one, else where the focus is.
 */
export function wakeOnIntent(start: () => Promise<void>) {
  let clicked: HTMLElement | null = null;
  const keepClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || event.defaultPrevented || target.closest('a[href]')) return;
    const button = target.closest<HTMLElement>('button, [role="button"]');
    if (!button || (button instanceof HTMLButtonElement && button.type === 'submit' && button.form)) return;
    clicked = button;
  };
  const typed = new Map<TextField, string>();
  const keepTyping = (event: Event) => {
    const field = event.target;
    if (isTextField(field)) typed.set(field, field.value);
  };
  let escaped = false;
  const keepEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') escaped = true;
  };
  const stopKeeping = () => {
    document.removeEventListener('click', keepClick, true);
    document.removeEventListener('input', keepTyping, true);
    document.removeEventListener('keydown', keepEscape, true);
  };
  const wake = () => {
    for (const name of INTENT_EVENTS) window.removeEventListener(name, wake, true);
    void start()
      .then(() => {
        // From here React has the page's root: a key pressed now reaches it (hydrating at once).
        document.removeEventListener('keydown', keepEscape, true);
        const replay = clicked;
        clicked = null;
        if (replay?.isConnected) replay.click();
        return whenHydrated();
      })
      .then(() => {
        stopKeeping();
        for (const [field, text] of typed) if (field.isConnected && field.value !== text) typeAgain(field, text);
        if (escaped) {
          const escape = { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true };
          const modal = document.querySelector('[aria-modal="true"]');
          (modal ?? document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', escape));
        }
      })
      .finally(stopKeeping);
  };
  document.addEventListener('click', keepClick, true);
  document.addEventListener('input', keepTyping, true);
  document.addEventListener('keydown', keepEscape, true);
  for (const name of INTENT_EVENTS) window.addEventListener(name, wake, { capture: true, passive: true });
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
const TEXT_TYPES = new Set(['text', 'email', 'tel', 'search', 'url', 'number', 'password']);
const isTextField = (target: EventTarget | null): target is TextField =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && TEXT_TYPES.has(target.type));

/** Resolves once `<html data-hydrated>` is set (app/layouts/hydration-marker.tsx). */
function whenHydrated() {
  const html = document.documentElement;
  return new Promise<void>((resolve) => {
    if (html.hasAttribute('data-hydrated')) return resolve();
    const observer = new MutationObserver(() => {
      if (!html.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

/**
 * Puts `text` into a field the way typing does, so React's onChange hears it. React notices a
 * change by comparing the field's value with the last value set through the field's own setter
 * (which it watches), so the text goes in through the prototype's setter, which it does not.
 */
function typeAgain(field: TextField, text: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const shown = field.value;
  field.value = shown; // through the watched setter: React has last seen the field as it is now
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
