import { describe, expect, it } from 'vitest';
import { formatChatTimestamp } from './chat-time.ts';

// Dates are built with local-time constructors: the format uses the local time zone.
const now = new Date(2026, 2, 10, 9, 30); // 10 Mar 2026, 9:30 local

describe('formatChatTimestamp', () => {
  it('shows h:mm AM/PM for today', () => {
    expect(formatChatTimestamp(new Date(2026, 2, 10, 15, 7), now)).toBe('3:07 PM');
    expect(formatChatTimestamp(new Date(2026, 2, 10, 0, 0), now)).toBe('12:00 AM');
    expect(formatChatTimestamp(new Date(2026, 2, 10, 12, 5), now)).toBe('12:05 PM');
    expect(formatChatTimestamp(new Date(2026, 2, 10, 9, 3), now)).toBe('9:03 AM');
  });

  it('shows Yesterday for any time on the previous calendar day', () => {
    expect(formatChatTimestamp(new Date(2026, 2, 9, 23, 59), now)).toBe('Yesterday');
    expect(formatChatTimestamp(new Date(2026, 2, 9, 0, 0), now)).toBe('Yesterday');
  });

  it('shows D MMM YYYY for older dates', () => {
    expect(formatChatTimestamp(new Date(2026, 2, 8, 23, 59), now)).toBe('8 Mar 2026');
    expect(formatChatTimestamp(new Date(2026, 2, 5, 10, 0), now)).toBe('5 Mar 2026');
    expect(formatChatTimestamp(new Date(2025, 11, 31, 10, 0), now)).toBe('31 Dec 2025');
  });

  it('handles the month and year boundary for yesterday', () => {
    const newYear = new Date(2026, 0, 1, 8, 0);
    expect(formatChatTimestamp(new Date(2025, 11, 31, 20, 0), newYear)).toBe('Yesterday');
    const march1 = new Date(2026, 2, 1, 8, 0);
    expect(formatChatTimestamp(new Date(2026, 1, 28, 20, 0), march1)).toBe('Yesterday');
  });

  it('accepts ISO strings and timestamps', () => {
    const at = new Date(2026, 2, 10, 15, 7);
    expect(formatChatTimestamp(at.toISOString(), now)).toBe('3:07 PM');
    expect(formatChatTimestamp(at.getTime(), now)).toBe('3:07 PM');
  });

  it('shows a future date as a date and an invalid one as empty', () => {
    expect(formatChatTimestamp(new Date(2026, 2, 11, 8, 0), now)).toBe('11 Mar 2026');
    expect(formatChatTimestamp('not a date', now)).toBe('');
  });
});
