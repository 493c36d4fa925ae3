import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './date.ts';

describe('formatDisplayDate', () => {
  it('formats API calendar dates', () => {
    expect(formatDisplayDate('2027-02-20')).toBe('20 Feb 2027');
    expect(formatDisplayDate('2026-09-05')).toBe('5 Sep 2026');
    expect(formatDisplayDate('2026-12-31T23:30:00Z')).toBe('31 Dec 2026');
  });
  it('returns an empty string for missing or invalid values', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate('soon')).toBe('');
    expect(formatDisplayDate('2026-13-45')).toBe('');
  });
});
