import useMediaQuery from '@mui/material/useMediaQuery';
import type { PaletteMode } from '@mui/material/styles';
import { useAppSelector } from '../store/hooks.ts';
import { resolveThemeMode } from './theme-choice.ts';

/** The light/dark mode in force: the visitor's choice, or the OS preference until they pick. */
export function useThemeMode(): PaletteMode {
  const choice = useAppSelector((s) => s.ui.themeChoice);
  // noSsr: read the media query on the first render, so a dark OS never flashes light first.
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return resolveThemeMode(choice, prefersDark);
}
