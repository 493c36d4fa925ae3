import { describe, expect, it } from 'vitest';
import { avatarInitials, chatTimestamp } from './chat.ts';

describe('chat display rules (spec §9)', () => {
  it('avatar initials are the first letters of the first and third words', () => {
    expect(avatarInitials('Maria Elena Lopez')).toBe('ML');
    expect(avatarInitials('  ana   de la Cruz ')).toBe('AL');
    expect(avatarInitials('Maria Lopez')).toBe('M');
    expect(avatarInitials('Émile')).toBe('É');
    expect(avatarInitials('')).toBe('');
  });

  it('timestamps: today h:mm AM/PM, yesterday "Yesterday", otherwise D MMM YYYY', () => {
    const now = new Date(2026, 2, 4, 15, 0);
    expect(chatTimestamp(new Date(2026, 2, 4, 9, 5), now)).toBe('9:05 AM');
    expect(chatTimestamp(new Date(2026, 2, 4, 0, 30), now)).toBe('12:30 AM');
    expect(chatTimestamp(new Date(2026, 2, 4, 12, 0), now)).toBe('12:00 PM');
    expect(chatTimestamp(new Date(2026, 2, 3, 23, 59), now)).toBe('Yesterday');
    expect(chatTimestamp(new Date(2026, 2, 2, 10, 0), now)).toBe('2 Mar 2026');
    expect(chatTimestamp(new Date(2026, 0, 1, 0, 0), new Date(2026, 0, 2, 8, 0))).toBe('Yesterday');
    expect(chatTimestamp(new Date(2025, 11, 31, 8, 0), new Date(2026, 0, 1, 8, 0))).toBe('Yesterday');
  });
});
