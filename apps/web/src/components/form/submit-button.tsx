import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useHydrated } from '../../lib/render-env.ts';

export interface SubmitButtonProps {
  loading: boolean;
  children: ReactNode;
  fullWidth?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}

/**
 * The form's submit button: disabled with a spinner while the request runs. Until a
 * server-rendered page has hydrated it is a plain button, so a press then does nothing rather
 * than submit the form natively (useHydrated says why); it does not turn gray meanwhile.
 */
export function SubmitButton({
  loading,
  children,
  fullWidth,
  size = 'large',
  variant = 'contained',
  disabled,
}: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <Button
      type={hydrated ? 'submit' : 'button'}
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
