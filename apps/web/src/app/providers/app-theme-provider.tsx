import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../../theme/create-app-theme.ts';
import { useThemeMode } from '../../theme/use-theme-mode.ts';

/** Applies the light/dark mode (the cookie's choice, else the OS's) and keeps the browser's theme-color in step. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', mode === 'light' ? '#ED1C24' : '#121212');
  }, [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
