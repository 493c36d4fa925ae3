import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { toggleThemeMode } from '../../store/ui-slice.ts';

/**
 * Switches light/dark; the choice is kept by the persisted store. A native title rather than
 * MUI's Tooltip keeps Popper.js out of the landing chunk.
 */
export function ThemeToggle() {
  const mode = useAppSelector((s) => s.ui.themeMode);
  const dispatch = useAppDispatch();
  const label = mode === 'light' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <IconButton onClick={() => dispatch(toggleThemeMode())} aria-label={label} title={label} color="inherit">
      {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
    </IconButton>
  );
}
