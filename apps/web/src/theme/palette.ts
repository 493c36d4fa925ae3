import type { PaletteColorOptions, PaletteMode, PaletteOptions } from '@mui/material/styles';

/**
 * Brand colors (spec §9). Contrast decisions (WCAG AA, 4.5:1 for normal text):
 * - #ED1C24 on white is 4.38:1, just short of AA for 15px text. Contained primary buttons
 *   therefore use primary.dark (#C8161D, 5.85:1 with white text) as their background, and
 *   small red text uses primary.dark in light mode and primary.light in dark mode.
 * - The brand red stays the "main" color, used for large text, icons, borders and accents.
 * - Focus is blue, never red: red means an error (decision 0007).
 * palette.test.ts computes every ratio named here.
 */
export const BRAND_RED = '#ED1C24';
export const BRAND_RED_DARK = '#C8161D';
export const BRAND_RED_LIGHT = '#FF6B70';

type Tone = 'secondary' | 'info' | 'error' | 'warning' | 'success';
/** [main, dark, light, contrastText] per mode: one row per tone instead of five repeated objects. */
type Shades = readonly [main: string, dark: string, light: string, contrastText: string];

const TONES: Record<Tone, Record<PaletteMode, Shades>> = {
  // Dark gray; the dark theme uses a light gray so it stays readable on dark surfaces.
  secondary: {
    light: ['#37474F', '#263238', '#62727B', '#FFFFFF'],
    dark: ['#B0BEC5', '#90A4AE', '#CFD8DC', '#121212'],
  },
  info: { light: ['#00796B', '#005B4F', '#4DB6AC', '#FFFFFF'], dark: ['#4DB6AC', '#00897B', '#80CBC4', '#121212'] },
  // #C62828, not MUI's #D32F2F: an error-colored button in a hovered table row (#F0F0F0)
  // was 4.36:1; this one keeps 4.5:1 there.
  error: { light: ['#C62828', '#B71C1C', '#EF5350', '#FFFFFF'], dark: ['#FF7961', '#F44336', '#FFA4A2', '#121212'] },
  warning: { light: ['#B45309', '#8A3F06', '#F59E0B', '#FFFFFF'], dark: ['#FFB74D', '#FFA726', '#FFE0B2', '#121212'] },
  success: { light: ['#2E7D32', '#1B5E20', '#66BB6A', '#FFFFFF'], dark: ['#81C784', '#66BB6A', '#A5D6A7', '#121212'] },
};

export const BACKGROUND = {
  light: { default: '#FAFAFA', paper: '#FFFFFF' },
  dark: { default: '#121212', paper: '#1C1C1C' },
} as const satisfies Record<PaletteMode, { default: string; paper: string }>;

const TEXT = {
  light: { primary: '#1F2428', secondary: '#4A5258' },
  dark: { primary: '#F2F2F2', secondary: '#C2C7CC' },
} as const satisfies Record<PaletteMode, { primary: string; secondary: string }>;

/**
 * The focus color: outlines of focused controls and the focused field's label. A blue that is
 * not the brand red nor the error red, so a focused field never looks invalid; it is text
 * color too (the label), so it clears 4.5:1 on both backgrounds, not only the 3:1 for outlines.
 */
export const FOCUS = { light: '#1565C0', dark: '#90CAF9' } as const satisfies Record<PaletteMode, string>;

/**
 * Avatars that show initials. White on the dark theme's light-gray secondary was 1.9:1; each
 * mode pairs the secondary gray with its own contrast text instead.
 */
export const AVATAR = {
  light: { background: TONES.secondary.light[0], text: TONES.secondary.light[3] },
  dark: { background: TONES.secondary.dark[0], text: TONES.secondary.dark[3] },
} as const satisfies Record<PaletteMode, { background: string; text: string }>;

const tone = ([main, dark, light, contrastText]: Shades): PaletteColorOptions => ({ main, dark, light, contrastText });

export function buildPalette(mode: PaletteMode): PaletteOptions {
  return {
    mode,
    // Auto-computed contrast text must reach AA, not MUI's default 3:1.
    contrastThreshold: 4.5,
    primary: { main: BRAND_RED, dark: BRAND_RED_DARK, light: BRAND_RED_LIGHT, contrastText: '#FFFFFF' },
    secondary: tone(TONES.secondary[mode]),
    info: tone(TONES.info[mode]),
    error: tone(TONES.error[mode]),
    warning: tone(TONES.warning[mode]),
    success: tone(TONES.success[mode]),
    background: BACKGROUND[mode],
    text: TEXT[mode],
    divider: mode === 'light' ? 'rgba(0, 0, 0, 0.12)' : 'rgba(255, 255, 255, 0.16)',
  };
}

/** Red for small text and links: the AA-safe shade for the current mode. */
export const accentTextColor = (mode: PaletteMode) => (mode === 'light' ? BRAND_RED_DARK : BRAND_RED_LIGHT);

/** Outline and label color of a focused control in the current mode. */
export const focusColor = (mode: PaletteMode) => FOCUS[mode];
