import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A part of the page that could not be loaded, with a retry in place. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
