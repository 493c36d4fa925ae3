import Cookies from 'js-cookie';
import type { PaletteMode } from '@mui/material/styles';

/**
 * The visitor's light/dark choice lives in a cookie, not only in local storage, so a server
 * renderer can read it and paint the right theme on the first byte. No cookie means "no choice
 * yet": the OS preference (prefers-color-scheme) decides.
 */
export const THEME_COOKIE = 'theme';
const COOKIE_DAYS = 365;

/** A cookie value as a choice; anything but 'light' or 'dark' (tampered, old) counts as none. */
export const parseThemeChoice = (value: string | undefined): PaletteMode | null =>
  value === 'light' || value === 'dark' ? value : null;

export const readThemeChoice = (): PaletteMode | null => parseThemeChoice(Cookies.get(THEME_COOKIE));

export function saveThemeChoice(mode: PaletteMode) {
  Cookies.set(THEME_COOKIE, mode, {
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    expires: COOKIE_DAYS,
  });
}

/** The mode to show: the visitor's choice, else the OS preference. */
export const resolveThemeMode = (choice: PaletteMode | null, prefersDark: boolean): PaletteMode =>
  choice ?? (prefersDark ? 'dark' : 'light');
