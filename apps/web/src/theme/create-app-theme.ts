import { createTheme } from '@mui/material/styles';
import type { PaletteMode, Theme } from '@mui/material/styles';
import { buildPalette } from './palette.ts';
import { typography } from './typography.ts';
import { buildComponents } from './components.ts';

export type ThemeMode = PaletteMode;

/** The app theme for one mode (spec §9: breakpoints, spacing 8, radius 4, typography). */
export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    spacing: 8,
    shape: { borderRadius: 4 },
    palette: buildPalette(mode),
    typography,
    components: buildComponents(mode),
  });
}
