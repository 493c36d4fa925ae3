import useMediaQuery from '@mui/material/useMediaQuery';
import type { PaletteMode } from '@mui/material/styles';
import { useAppSelector } from '../store/hooks.ts';
import { useRenderEnv } from '../lib/render-env.ts';
import { resolveThemeMode } from './theme-choice.ts';

/** The light/dark mode in force: the visitor's choice, or the OS preference until they pick. */
export function useThemeMode(): PaletteMode {
  const choice = useAppSelector((s) => s.ui.themeChoice);
  // A client-rendered page reads the media query on its first render (a dark OS never flashes
  // light). A server-rendered page renders, and hydrates, with the OS preference the browser
  // sent as a client hint (decision 0027), then follows the live media query.
  const { prefersDark: hinted } = useRenderEnv();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { defaultMatches: hinted });
  return resolveThemeMode(choice, prefersDark);
}
