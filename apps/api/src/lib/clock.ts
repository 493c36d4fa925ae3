/**
 * Where "now" comes from. Every service reads time through the app's clock (`app.clock`, a
 * `buildApp` option) instead of `new Date()`, so time-based rules (hold expiry, rate-limit
 * windows, retention jobs) are tested by moving a clock, not by waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Milliseconds since the epoch from a clock, for code that works in numbers. */
export const nowMs = (clock: Clock) => clock.now().getTime();
