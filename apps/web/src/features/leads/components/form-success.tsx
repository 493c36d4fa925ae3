import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useLocation } from 'react-router';

/**
 * The friendly confirmation shown in place of a form after it was sent. It takes focus so
 * keyboard and screen-reader users hear it; "send another" brings the (reset) form back. It is a
 * link to the page itself, so without scripts (decision 0033) it loads the page's empty form.
 */
export function FormSuccess({
  title,
  message,
  againLabel,
  onAgain,
  role,
}: {
  title: string;
  /** Left out when a toast already says it (one message per event). */
  message?: string;
  againLabel?: string;
  onAgain?: () => void;
  /** 'status' for the outcome of a post without scripts (decision 0033), which the page says itself. */
  role?: 'status';
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role={role}
      severity="success"
      variant="outlined"
      sx={{ outline: 'none', '& .MuiAlert-message': { width: '100%' } }}
      action={
        onAgain && (
          <Button
            color="inherit"
            size="small"
            href={pathname}
            onClick={(event) => {
              event.preventDefault();
              onAgain();
            }}
          >
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
