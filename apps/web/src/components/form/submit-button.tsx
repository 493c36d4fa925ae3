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
 * The form's submit button: disabled with a spinner while the request runs, and disabled until a
 * server-rendered page has hydrated (useHydrated says why).
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
      type="submit"
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      disabled={!hydrated || loading || disabled}
      aria-busy={loading}
      startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
