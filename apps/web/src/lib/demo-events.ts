import type { DemoDetails } from '../store/demo-slice.ts';

/** The open event (spec §4): any code, React or not, can open the demo modal with it. */
export const OPEN_DEMO_EVENT = 'kikstart:open-demo';

/** Opens the 'Request A Free Demo' modal; pass an offer (`_id`, `title`) to request it for that offer. */
export function openDemoModal(details?: DemoDetails | null) {
  window.dispatchEvent(new CustomEvent<DemoDetails | null>(OPEN_DEMO_EVENT, { detail: details ?? null }));
}
