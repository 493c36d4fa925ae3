import { describe, expect, it } from 'vitest';
import { programInstant, programWallTime, sessionDayField } from './coach.ts';

describe('pickup times on the field’s clock', () => {
  it('turns a Los Angeles wall time into the instant, in winter and summer, and back', () => {
    expect(programInstant('2026-01-15', '15:45').toISOString()).toBe('2026-01-15T23:45:00.000Z');
    expect(programInstant('2026-07-15', '15:45').toISOString()).toBe('2026-07-15T22:45:00.000Z');
    expect(programWallTime(new Date('2026-07-15T22:45:00Z'))).toBe('15:45');
    expect(programWallTime(new Date('2026-01-16T07:05:00Z'))).toBe('23:05');
  });

  it('a session day is a real calendar day', () => {
    expect(sessionDayField.safeParse('2026-02-28').success).toBe(true);
    expect(sessionDayField.safeParse('2026-02-30').success).toBe(false);
    expect(sessionDayField.safeParse('2026-2-3').success).toBe(false);
  });
});
