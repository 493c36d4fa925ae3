import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface SubmitButtonProps {
  loading: boolean;
  children: ReactNode;
  fullWidth?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}

/**
 * The form's submit button: disabled with a spinner while the request runs. Pressed on a
 * server-rendered page before it has hydrated, its form's submission is held and made again once
 * the app runs (lib/early-input.ts).
 */
export function SubmitButton({
  loading,
  children,
  fullWidth,
  size = 'large',
  variant = 'contained',
  disabled,
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      disabled={loading || disabled}
      aria-busy={loading}
      startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
