import { describe, expect, it } from 'vitest';
import {
  formatChatTimestamp,
  formatClock,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatTime,
  formatTimeRange,
  formatWeekdayDate,
} from './dates.ts';

describe('formatDate', () => {
  it('formats API calendar dates as D MMM YYYY', () => {
    expect(formatDate('2027-02-20')).toBe('20 Feb 2027');
    expect(formatDate('2026-09-05')).toBe('5 Sep 2026');
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('31 Dec 2026');
  });
  it('returns an empty string for missing or invalid values', () => {
    for (const value of [null, undefined, '', 'soon', '2026-13-45', '2026-02-30']) expect(formatDate(value)).toBe('');
  });
});

describe('formatWeekdayDate', () => {
  it('adds the short weekday', () => {
    expect(formatWeekdayDate('2027-02-20')).toBe('Sat, 20 Feb 2027');
    expect(formatWeekdayDate('2026-03-02')).toBe('Mon, 2 Mar 2026');
    expect(formatWeekdayDate('nope')).toBe('');
  });
});

describe('formatDateRange', () => {
  it('writes a shared year once', () => {
    expect(formatDateRange('2027-03-02', '2027-05-04')).toBe('2 Mar – 4 May 2027');
  });
  it('writes both years across a new year', () => {
    expect(formatDateRange('2026-11-02', '2027-02-04')).toBe('2 Nov 2026 – 4 Feb 2027');
  });
  it('shows one date for a one-day range and the known end when the other is missing', () => {
    expect(formatDateRange('2027-03-02', '2027-03-02')).toBe('2 Mar 2027');
    expect(formatDateRange('2027-03-02', null)).toBe('2 Mar 2027');
    expect(formatDateRange(null, undefined)).toBe('');
  });
});

describe('formatTime and formatTimeRange', () => {
  it('shows a wall-clock time as h:mm AM/PM', () => {
    expect(formatTime('15:15')).toBe('3:15 PM');
    expect(formatTime('09:05')).toBe('9:05 AM');
    expect(formatTime('00:00')).toBe('12:00 AM');
    expect(formatTime('12:30')).toBe('12:30 PM');
    expect(formatTime('15:15:00')).toBe('3:15 PM');
  });
  it('returns an empty string for invalid times', () => {
    for (const value of [null, '', '25:00', '10:75', 'noon']) expect(formatTime(value)).toBe('');
  });
  it('joins a range with an en dash', () => {
    expect(formatTimeRange('15:15', '16:15')).toBe('3:15 PM – 4:15 PM');
  });
});

// Instants are shown in the local time zone: the expectations are built with local constructors.
describe('formatClock and formatDateTime', () => {
  const at = new Date(2026, 10, 22, 17, 15);
  it('show an instant in local time', () => {
    expect(formatClock(at.toISOString())).toBe('5:15 PM');
    expect(formatDateTime(at.toISOString())).toBe('Sun, 22 Nov 2026, 5:15 PM');
    expect(formatDateTime(at)).toBe('Sun, 22 Nov 2026, 5:15 PM');
  });
  it('return an empty string for missing or invalid instants', () => {
    for (const value of [null, undefined, '', 'later']) {
      expect(formatClock(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });
  it('use plain spaces (no narrow no-break space before PM)', () => {
    expect(formatDateTime(at)).not.toMatch(/[\u202f\u00a0]/);
  });
});

describe('formatChatTimestamp (spec §9)', () => {
  const now = new Date(2026, 2, 10, 9, 30);

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
    expect(formatChatTimestamp(new Date(2025, 11, 31, 10, 0), now)).toBe('31 Dec 2025');
  });

  it('handles the month and year boundary for yesterday', () => {
    expect(formatChatTimestamp(new Date(2025, 11, 31, 20, 0), new Date(2026, 0, 1, 8, 0))).toBe('Yesterday');
    expect(formatChatTimestamp(new Date(2026, 1, 28, 20, 0), new Date(2026, 2, 1, 8, 0))).toBe('Yesterday');
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

describe('the same kind looks the same everywhere', () => {
  it('a date reads alike as a date, in a range, with a weekday, with a time and in chat', () => {
    const day = '20 Feb 2027';
    expect(formatDate('2027-02-20')).toBe(day);
    expect(formatDateRange('2027-01-10', '2027-02-20')).toContain(day);
    expect(formatWeekdayDate('2027-02-20')).toContain(day);
    expect(formatDateTime(new Date(2027, 1, 20, 9, 0))).toContain(day);
    expect(formatChatTimestamp(new Date(2027, 1, 20, 9, 0), new Date(2027, 5, 1))).toBe(day);
  });
  it('a time reads alike from a program, an instant and chat', () => {
    const at = new Date(2027, 1, 20, 15, 15);
    expect(formatTime('15:15')).toBe('3:15 PM');
    expect(formatClock(at)).toBe('3:15 PM');
    expect(formatChatTimestamp(at, new Date(2027, 1, 20, 18, 0))).toBe('3:15 PM');
  });
});
