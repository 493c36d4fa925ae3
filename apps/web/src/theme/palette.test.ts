import { describe, expect, it } from 'vitest';
import type { PaletteMode } from '@mui/material/styles';
import { AVATAR, BACKGROUND, BRAND_RED_DARK, FOCUS, accentTextColor, buildPalette } from './palette.ts';
import { createAppTheme } from './create-app-theme.ts';

/** WCAG 2 relative luminance of a #RRGGBB color. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #RRGGBB colors, 1 to 21. */
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const MODES: PaletteMode[] = ['light', 'dark'];

describe('contrast helper', () => {
  it('matches known WCAG ratios', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#ED1C24', '#FFFFFF')).toBeCloseTo(4.38, 2);
    // The reported bug: white initials on the dark theme's light-gray avatar.
    expect(contrast('#FFFFFF', '#B0BEC5')).toBeCloseTo(1.9, 1);
  });
});

describe.each(MODES)('%s theme', (mode) => {
  const backgrounds = Object.values(BACKGROUND[mode]);

  it('avatar initials reach 4.5:1 on their background', () => {
    expect(contrast(AVATAR[mode].text, AVATAR[mode].background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the account avatar (white on the dark brand red) reaches 4.5:1', () => {
    expect(contrast('#FFFFFF', BRAND_RED_DARK)).toBeGreaterThanOrEqual(4.5);
  });

  it('error text reaches 4.5:1 on every background, also in a hovered table row', () => {
    const error = (buildPalette(mode).error as { main: string }).main;
    const hoveredRow = mode === 'light' ? '#F0F0F0' : '#2E2E2E';
    for (const bg of [...backgrounds, hoveredRow]) expect(contrast(error, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus color reaches 3:1 as an outline and 4.5:1 as label text on every background', () => {
    for (const bg of backgrounds) expect(contrast(FOCUS[mode], bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('focus is not red: it differs from the brand, accent and error reds', () => {
    const palette = buildPalette(mode);
    const error = (palette.error as { main: string }).main;
    for (const red of ['#ED1C24', accentTextColor(mode), error]) expect(FOCUS[mode]).not.toBe(red);
    // Hue check: a blue has more blue than red in it.
    const [r, b] = [parseInt(FOCUS[mode].slice(1, 3), 16), parseInt(FOCUS[mode].slice(5, 7), 16)];
    expect(b).toBeGreaterThan(r);
  });

  it('the theme applies the focus and avatar colors', () => {
    const theme = createAppTheme(mode);
    const label = theme.components?.MuiFormLabel?.styleOverrides?.root as Record<string, { color: string }>;
    expect(label['&.Mui-focused:not(.Mui-error)']!.color).toBe(FOCUS[mode]);
    const avatar = theme.components?.MuiAvatar?.styleOverrides?.colorDefault as Record<string, string>;
    expect(avatar.backgroundColor).toBe(AVATAR[mode].background);
    expect(avatar.color).toBe(AVATAR[mode].text);
  });
});
