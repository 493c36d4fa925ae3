import { describe, expect, it } from 'vitest';
import { avatarInitials } from './initials.ts';

describe('avatarInitials', () => {
  it('uses the first letters of the first and third words', () => {
    expect(avatarInitials('maria del carmen')).toBe('MC');
    expect(avatarInitials('Ana Maria Lopez Garcia')).toBe('AL');
  });

  it('uses both words of a two-word name (there is no third)', () => {
    expect(avatarInitials('Maria Gonzalez')).toBe('MG');
  });

  it('uses the one letter of a one-word name', () => {
    expect(avatarInitials('cher')).toBe('C');
  });

  it('ignores extra whitespace', () => {
    expect(avatarInitials('  maria   del \t carmen  ')).toBe('MC');
    expect(avatarInitials(' david\nchen ')).toBe('DC');
  });

  it('returns an empty string for blank or missing names', () => {
    expect(avatarInitials('')).toBe('');
    expect(avatarInitials('   ')).toBe('');
    expect(avatarInitials(null)).toBe('');
    expect(avatarInitials(undefined)).toBe('');
  });

  it('handles accented and non-Latin first letters', () => {
    expect(avatarInitials('élodie de rosa')).toBe('ÉR');
    expect(avatarInitials('😀 smile')).toBe('😀S');
  });
});
