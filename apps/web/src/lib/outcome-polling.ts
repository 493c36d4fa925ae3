/** How long a payment result page keeps asking on its own before it offers "Check again". */
export const OUTCOME_POLL_WINDOW_MS = 60_000;

/**
 * The wait before asking for an open payment's outcome again, `elapsedMs` after the page started
 * asking, or false when it should stop and offer "Check again". A webhook usually lands within a
 * few seconds of the parent's return, so the first checks are 2 s apart; a slow one is waited
 * for at 4 s, then 8 s, so a page left open costs about fifteen requests a minute at most.
 */
export function nextOutcomeCheck(elapsedMs: number): number | false {
  if (elapsedMs >= OUTCOME_POLL_WINDOW_MS) return false;
  if (elapsedMs < 10_000) return 2_000;
  if (elapsedMs < 30_000) return 4_000;
  return 8_000;
}
