import type { SignedWaiver } from './components/waiver-step.tsx';

/** A signed waiver for one child in one program, kept while the parent walks the wizard in this tab. */
export interface WaiverDraft extends SignedWaiver {
  childId: string;
}

const key = (programId: string) => `kikstart:enroll:${programId}`;
// Session storage may be blocked or full: the wizard then keeps the draft for this page's lifetime only.
const memory = new Map<string, string>();

function read(programId: string): string | null {
  try {
    return window.sessionStorage.getItem(key(programId));
  } catch {
    return memory.get(key(programId)) ?? null;
  }
}

/**
 * The waiver signed in this tab for this program, if any. Session storage rather than the URL: it
 * holds the guardian's name, it survives a reload and Back, and it ends with the tab.
 */
export function readWaiverDraft(programId: string): WaiverDraft | null {
  const raw = read(programId);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<WaiverDraft>;
    return typeof value.childId === 'string' &&
      typeof value.waiverName === 'string' &&
      typeof value.waiverVersion === 'number'
      ? { childId: value.childId, waiverName: value.waiverName, waiverVersion: value.waiverVersion }
      : null;
  } catch {
    return null;
  }
}

export function saveWaiverDraft(programId: string, draft: WaiverDraft | null) {
  const raw = draft ? JSON.stringify(draft) : null;
  try {
    if (raw) window.sessionStorage.setItem(key(programId), raw);
    else window.sessionStorage.removeItem(key(programId));
  } catch {
    if (raw) memory.set(key(programId), raw);
    else memory.delete(key(programId));
  }
}
