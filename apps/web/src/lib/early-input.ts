/**
 * What a visitor does on a server-rendered page before the app owns it, kept and given to the app
 * exactly once (decision 0030). The page is its server HTML until then: links are real links and
 * fields take typing, choices and ticks natively, but buttons have no handlers yet, a form's own
 * submission would reload the page, and hydration puts each field back to the state React
 * rendered it in.
 *
 * - Fields: at hand-over each text field, radio, checkbox and select whose state differs from
 *   what the server rendered is remembered (so a choice made before this script ran counts too),
 *   and every later change until the app has hydrated. Once it has, each is given to React as
 *   typing or a tap would, so the form's own state hears it, once.
 * - A form submitted before the app had hydrated is held (never the browser's own submission) and
 *   submitted again once the fields are back, so the first press counts with what was chosen.
 * - A button tapped before React has the root is tapped again as soon as it has (React then
 *   hydrates that part at once and runs the handler). From then on React takes taps itself.
 * - Escape (closing the first visit's demo modal) is pressed again once the app runs; the focus
 *   goes back where it was if hydration took it away.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type FieldState = string | boolean;

const TEXT_TYPES = new Set(['text', 'email', 'tel', 'search', 'url', 'number', 'password', 'date', 'time']);

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLInputElement && (TEXT_TYPES.has(target.type) || isChoice(target)));

const isChoice = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');

/** Whether a field is where the visitor left it; a radio or checkbox remembers whether it is ticked. */
const stateOf = (field: Field): FieldState => (isChoice(field) ? field.checked : field.value);

/** What the server rendered the field as (its attributes). */
function renderedState(field: Field): FieldState {
  if (isChoice(field)) return field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? '';
  }
  return field.defaultValue;
}

export interface EarlyInput {
  /** React has the page's root (hydrateRoot was called): taps from now on are React's. */
  rootTaken(): void;
  /** The page has hydrated: fields, a held submission, Escape and the focus are given back. */
  hydrated(): void;
}

export function keepEarlyInput(doc: Document): EarlyInput {
  const fields = new Map<Field, FieldState>();
  let tapped: HTMLElement | null = null;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let escaped = false;
  let rootTaken = false;

  const keepField = (event: Event) => {
    if (isField(event.target)) fields.set(event.target, stateOf(event.target));
  };
  const keepTap = (event: MouseEvent) => {
    if (rootTaken || event.defaultPrevented || !(event.target instanceof Element)) return;
    if (event.target.closest('a[href], label, input, select, textarea')) return;
    const button = event.target.closest<HTMLElement>('button, [role="button"]');
    // A submit button's tap is its form's submission, held below.
    if (!button || (button instanceof HTMLButtonElement && button.type === 'submit' && button.form)) return;
    tapped = button;
  };
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    // Neither the browser nor a React handler of a half-hydrated page gets it: it is made again
    // once the fields it reads are back.
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { form: event.target, submitter: event.submitter instanceof HTMLElement ? event.submitter : null };
  };
  const keepEscape = (event: KeyboardEvent) => {
    if (!rootTaken && event.key === 'Escape') escaped = true;
  };

  doc.addEventListener('input', keepField, true);
  doc.addEventListener('change', keepField, true);
  doc.addEventListener('click', keepTap, true);
  // On the window, so it runs before React's listeners on the root.
  window.addEventListener('submit', holdSubmit, true);
  doc.addEventListener('keydown', keepEscape, true);

  return {
    rootTaken() {
      if (rootTaken) return;
      rootTaken = true;
      // Changes made before this script ran show only as a difference from the server's HTML.
      for (const field of doc.querySelectorAll<Field>('#root input, #root textarea, #root select')) {
        if (isField(field) && !fields.has(field) && stateOf(field) !== renderedState(field)) {
          fields.set(field, stateOf(field));
        }
      }
      const replay = tapped;
      tapped = null;
      if (replay?.isConnected) replay.click();
    },
    hydrated() {
      const focused = doc.activeElement;
      doc.removeEventListener('input', keepField, true);
      doc.removeEventListener('change', keepField, true);
      doc.removeEventListener('click', keepTap, true);
      window.removeEventListener('submit', holdSubmit, true);
      doc.removeEventListener('keydown', keepEscape, true);
      // React may show the visitor's state while its own is still the server's (it puts its own
      // back at the next render): each kept field is given back, whatever the page shows now.
      for (const [field, state] of fields) if (field.isConnected) giveBack(field, state);
      fields.clear();
      if (
        focused instanceof HTMLElement &&
        focused !== doc.body &&
        focused.isConnected &&
        doc.activeElement !== focused
      ) {
        focused.focus({ preventScroll: true });
      }
      const submission = held;
      held = null;
      if (submission?.form.isConnected) {
        const submitter = submission.submitter?.isConnected ? submission.submitter : null;
        submission.form.requestSubmit(submitter as HTMLButtonElement | null);
      }
      if (escaped) {
        const escape = { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true };
        const modal = doc.querySelector('[aria-modal="true"]');
        (modal ?? doc.activeElement ?? doc.body).dispatchEvent(new KeyboardEvent('keydown', escape));
      }
    },
  };
}

/**
 * Gives the visitor's state to React as their own input would, so the component's onChange hears
 * it whatever React's state is. React notices a change by comparing the field with the last state
 * set through the field's own setter, which it watches: so that setter first records the opposite
 * state, then the visitor's goes in as input does (a tap for a choice, the prototype's setter,
 * which React does not watch, for text). The field then shows the visitor's state and React's
 * state agrees; where it already did, the same value is set again, which changes nothing.
 */
function giveBack(field: Field, state: FieldState) {
  if (isChoice(field)) {
    // A radio is left by choosing another one of its group, whose own tap unticks it.
    if (field.type === 'radio' && !state) return;
    field.checked = !state;
    field.click();
    return;
  }
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : field instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  const text = String(state);
  field.value = text === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
