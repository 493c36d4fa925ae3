import type { PaletteMode, PaletteOptions } from '@mui/material/styles';

/**
 * Brand colours (spec §9). Contrast decisions (WCAG AA, 4.5:1 for normal text):
 * - #ED1C24 on white is 4.38:1, just short of AA for 15px text. Contained primary buttons
 *   therefore use primary.dark (#C8161D, 5.85:1 with white text) as their background, and
 *   small red text uses primary.dark in light mode and primary.light in dark mode.
 * - The brand red stays the "main" colour, used for large text, icons, borders and accents.
 */
export const BRAND_RED = '#ED1C24';
export const BRAND_RED_DARK = '#C8161D';
export const BRAND_RED_LIGHT = '#FF6B70';

export function buildPalette(mode: PaletteMode): PaletteOptions {
  const light = mode === 'light';
  return {
    mode,
    // Auto-computed contrast text must reach AA, not MUI's default 3:1.
    contrastThreshold: 4.5,
    primary: { main: BRAND_RED, dark: BRAND_RED_DARK, light: BRAND_RED_LIGHT, contrastText: '#FFFFFF' },
    // Dark grey; the dark theme uses a light grey so it stays readable on dark surfaces.
    secondary: light
      ? { main: '#37474F', dark: '#263238', light: '#62727B', contrastText: '#FFFFFF' }
      : { main: '#B0BEC5', dark: '#90A4AE', light: '#CFD8DC', contrastText: '#121212' },
    info: light
      ? { main: '#00796B', dark: '#005B4F', light: '#4DB6AC', contrastText: '#FFFFFF' }
      : { main: '#4DB6AC', dark: '#00897B', light: '#80CBC4', contrastText: '#121212' },
    error: light
      ? { main: '#D32F2F', dark: '#B71C1C', light: '#EF5350', contrastText: '#FFFFFF' }
      : { main: '#FF7961', dark: '#F44336', light: '#FFA4A2', contrastText: '#121212' },
    warning: light
      ? { main: '#B45309', dark: '#8A3F06', light: '#F59E0B', contrastText: '#FFFFFF' }
      : { main: '#FFB74D', dark: '#FFA726', light: '#FFE0B2', contrastText: '#121212' },
    success: light
      ? { main: '#2E7D32', dark: '#1B5E20', light: '#66BB6A', contrastText: '#FFFFFF' }
      : { main: '#81C784', dark: '#66BB6A', light: '#A5D6A7', contrastText: '#121212' },
    background: light ? { default: '#FAFAFA', paper: '#FFFFFF' } : { default: '#121212', paper: '#1C1C1C' },
    text: light ? { primary: '#1F2428', secondary: '#4A5258' } : { primary: '#F2F2F2', secondary: '#C2C7CC' },
    divider: light ? 'rgba(0, 0, 0, 0.12)' : 'rgba(255, 255, 255, 0.16)',
  };
}

/** Red for small text and links: the AA-safe shade for the current mode. */
export const accentTextColor = (mode: PaletteMode) => (mode === 'light' ? BRAND_RED_DARK : BRAND_RED_LIGHT);
