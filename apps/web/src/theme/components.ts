import type { PaletteMode, ThemeOptions } from '@mui/material/styles';
// Types only: lets the theme style the date pickers' own outlined input (MuiPickersOutlinedInput).
import type {} from '@mui/x-date-pickers/themeAugmentation';
import { AVATAR, BRAND_RED_DARK, accentTextColor, focusColor } from './palette.ts';

const PILL_RADIUS = 50;
const CARD_RADIUS = 8;

/**
 * For people whose system asks for less motion (WCAG 2.3.3): dialogs, menus, toasts and ripples
 * appear in their final state, skeletons stop pulsing and in-page links jump instead of
 * scrolling. Progress spinners keep turning: a still one would read as a frozen page. In CSS, so
 * a server-rendered page honors it before its scripts run.
 */
const STILL = ':not(.MuiCircularProgress-root, .MuiCircularProgress-svg, .MuiCircularProgress-circle)';
const reducedMotion = {
  html: { scrollBehavior: 'auto' },
  [`*${STILL}, *${STILL}::before, *${STILL}::after`]: {
    transitionDuration: '0.01ms !important',
    animationDuration: '0.01ms !important',
    animationIterationCount: '1 !important',
  },
};

/**
 * Typed as createTheme's own option (`Components<Omit<Theme, 'components'>>`): returning
 * `Components<Theme>` made TypeScript compare the two structurally, over 20 s of every typecheck.
 */
export function buildComponents(mode: PaletteMode): ThemeOptions['components'] {
  const accent = accentTextColor(mode);
  const focus = focusColor(mode);
  // Focus is blue everywhere (outline, field border, field label); red is kept for errors.
  const focusRing = { outline: `3px solid ${focus}`, outlineOffset: 2 };
  const focusedField = { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: focus } };
  return {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollBehavior: 'smooth' },
        // A focus ring that is visible on every surface, for keyboard users only.
        ':focus-visible': focusRing,
        'h1, h2, h3, h4, h5, h6': { margin: 0 },
        '@media (prefers-reduced-motion: reduce)': reducedMotion,
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': focusRing,
          variants: [
            // Primary buttons are pill-shaped (spec §9); outlined ones match so they pair well.
            { props: { variant: 'contained' }, style: { borderRadius: PILL_RADIUS, paddingInline: 24 } },
            { props: { variant: 'outlined' }, style: { borderRadius: PILL_RADIUS, paddingInline: 24 } },
            // White on #ED1C24 is 4.38:1 (< AA for 15px), so contained primary uses the darker red.
            {
              props: { variant: 'contained', color: 'primary' },
              style: { backgroundColor: BRAND_RED_DARK, '&:hover': { backgroundColor: '#A51218' } },
            },
            { props: { variant: 'text', color: 'primary' }, style: { color: accent } },
            { props: { variant: 'outlined', color: 'primary' }, style: { color: accent, borderColor: accent } },
          ],
        },
      },
    },
    MuiIconButton: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: CARD_RADIUS,
          boxShadow: mode === 'light' ? '0 4px 20px rgba(31, 36, 40, 0.08)' : '0 4px 20px rgba(0, 0, 0, 0.5)',
          border: mode === 'dark' ? `1px solid ${theme.palette.divider}` : undefined,
        }),
      },
    },
    MuiSkeleton: { defaultProps: { animation: 'wave' } },
    // A focused field in red looked like an error: its border and label take the focus color.
    // FormLabel covers text field labels and radio-group legends alike.
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: focus } } } },
    MuiOutlinedInput: { styleOverrides: { root: focusedField } },
    MuiPickersOutlinedInput: {
      styleOverrides: {
        root: { '&.Mui-focused:not(.Mui-error) .MuiPickersOutlinedInput-notchedOutline': { borderColor: focus } },
      },
    },
    // Initials avatars: the secondary gray with its own text color in each mode (4.5:1 or more).
    MuiAvatar: {
      styleOverrides: {
        colorDefault: { backgroundColor: AVATAR[mode].background, color: AVATAR[mode].text, fontWeight: 700 },
      },
    },
    MuiMenu: {
      defaultProps: {
        // Menus open below their anchor, aligned right, with no elevation (spec §9).
        anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
        transformOrigin: { vertical: 'top', horizontal: 'right' },
        slotProps: { paper: { elevation: 0 } },
      },
      styleOverrides: {
        // Without a shadow, a border keeps the menu visible against the page.
        paper: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}`, marginTop: 4, minWidth: 180 }),
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
      styleOverrides: {
        root: { color: accent, textDecorationColor: 'currentColor', '&.Mui-focusVisible, &:focus-visible': focusRing },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: ({ theme }) => ({
          backgroundColor: theme.palette.background.paper,
          borderBottom: `1px solid ${theme.palette.divider}`,
        }),
      },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
  };
}
