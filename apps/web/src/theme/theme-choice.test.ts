import { describe, expect, it } from 'vitest';
import { THEME_COOKIE, parseThemeChoice, resolveThemeMode } from './theme-choice.ts';

describe('theme choice', () => {
  it('is kept in the "theme" cookie', () => {
    expect(THEME_COOKIE).toBe('theme');
  });

  it('reads only light or dark from the cookie', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    for (const other of [undefined, '', 'Dark', 'system', '<script>']) expect(parseThemeChoice(other)).toBeNull();
  });

  it('follows the OS until the visitor picks, then keeps the pick', () => {
    expect(resolveThemeMode(null, true)).toBe('dark');
    expect(resolveThemeMode(null, false)).toBe('light');
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });
});
