import type { Clock } from '../src/lib/clock.ts';

/** A clock that tests move by hand: starts at the real time (or `start`), never ticks alone. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | number = Date.now()) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now() {
    return new Date(this.current);
  }

  advance(ms: number) {
    this.current += ms;
  }

  advanceMinutes(minutes: number) {
    this.advance(minutes * 60_000);
  }

  set(to: Date) {
    this.current = to.getTime();
  }
}
