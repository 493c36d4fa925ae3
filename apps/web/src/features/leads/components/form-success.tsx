import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/**
 * The friendly confirmation shown in place of a form after it was sent. It takes focus so
 * keyboard and screen-reader users hear it; "send another" brings the (reset) form back.
 */
export function FormSuccess({
  title,
  message,
  againLabel,
  onAgain,
}: {
  title: string;
  /** Left out when a toast already says it (one message per event). */
  message?: string;
  againLabel?: string;
  onAgain?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="success"
      variant="outlined"
      sx={{ outline: 'none', '& .MuiAlert-message': { width: '100%' } }}
      action={
        onAgain && (
          <Button color="inherit" size="small" onClick={onAgain}>
            {againLabel ?? 'Send another'}
          </Button>
        )
      }
    >
      <AlertTitle component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </AlertTitle>
      {message}
    </Alert>
  );
}
