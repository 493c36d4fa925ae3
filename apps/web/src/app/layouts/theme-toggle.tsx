import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useAppDispatch } from '../../store/hooks.ts';
import { chooseThemeMode } from '../../store/ui-slice.ts';
import { saveThemeChoice } from '../../theme/theme-choice.ts';
import { useThemeMode } from '../../theme/use-theme-mode.ts';

/**
 * Switches light/dark; the pick is kept in the theme cookie and from then on wins over the OS
 * preference. A native title rather than MUI's Tooltip keeps Popper.js out of the landing chunk.
 */
export function ThemeToggle() {
  const mode = useThemeMode();
  const dispatch = useAppDispatch();
  const next = mode === 'light' ? 'dark' : 'light';
  const label = `Switch to ${next} mode`;
  return (
    <IconButton
      onClick={() => {
        saveThemeChoice(next);
        dispatch(chooseThemeMode(next));
      }}
      aria-label={label}
      title={label}
      color="inherit"
    >
      {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
    </IconButton>
  );
}
