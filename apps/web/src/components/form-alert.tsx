import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A message about the whole form (wrong password, expired link…), next to the form rather than
 * only in a toast, so screen readers announce it and it stays while the user corrects things.
 */
export function FormAlert({
  severity = 'error',
  action,
  sx,
  children,
}: {
  severity?: AlertColor;
  action?: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      action={action}
      sx={[{ mb: 3, alignItems: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Alert>
  );
}
