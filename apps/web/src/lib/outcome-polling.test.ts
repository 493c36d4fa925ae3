import { describe, expect, it } from 'vitest';
import { OUTCOME_POLL_WINDOW_MS, nextOutcomeCheck } from './outcome-polling.ts';

/** The asks a page makes for a payment that stays open: at 0 ms, then after each wait. */
function askTimes() {
  const times = [0];
  for (;;) {
    const wait = nextOutcomeCheck(times.at(-1)!);
    if (wait === false) return times;
    times.push(times.at(-1)! + wait);
  }
}

describe('asking for an open payment’s outcome', () => {
  it('asks every 2 s at first, then backs off to 4 s and 8 s', () => {
    expect(askTimes().slice(0, 8)).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000, 14_000, 18_000]);
    const waits = askTimes().map((at, i, all) => (i ? at - all[i - 1]! : 0));
    expect(Math.max(...waits)).toBe(8_000);
  });

  it('stops after about a minute (then the page offers "Check again"), with at most 15 asks', () => {
    const times = askTimes();
    expect(times.at(-1)!).toBeGreaterThanOrEqual(OUTCOME_POLL_WINDOW_MS);
    expect(times.at(-1)!).toBeLessThan(OUTCOME_POLL_WINDOW_MS + 8_000);
    expect(times.length).toBeLessThanOrEqual(15);
    expect(nextOutcomeCheck(OUTCOME_POLL_WINDOW_MS)).toBe(false);
  });
});
