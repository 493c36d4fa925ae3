import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';

/** The spec §9 color variants, as one chip API used across the app. */
export type StatusTone = 'default' | 'success' | 'secondary' | 'error' | 'warning' | 'info-outline';

const TONES: Record<StatusTone, Pick<ChipProps, 'color' | 'variant'>> = {
  default: { color: 'default', variant: 'filled' },
  success: { color: 'success', variant: 'filled' },
  secondary: { color: 'secondary', variant: 'filled' },
  error: { color: 'error', variant: 'filled' },
  warning: { color: 'warning', variant: 'filled' },
  'info-outline': { color: 'info', variant: 'outlined' },
};

export function StatusChip({
  tone = 'default',
  ...props
}: Omit<ChipProps, 'color' | 'variant'> & { tone?: StatusTone }) {
  return <Chip size="small" {...TONES[tone]} {...props} />;
}
