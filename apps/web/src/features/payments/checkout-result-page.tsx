import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkoutFor, paths, pathTo } from '../../lib/paths.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import { useConfirmPayment } from './api/confirm-payment.ts';
import { BreakdownTable } from './components/breakdown-table.tsx';
import { LoadError } from '../../components/load-error.tsx';

/**
 * /checkout/success?id=: where the gateway sends the parent back. The outcome is asked from the
 * server (which reads it from the gateway), never taken from this address: paid, failed and why,
 * or still open.
 */
export function CheckoutResultPage() {
  usePageMeta({ title: 'Payment result', description: 'The outcome of your payment.' });
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const confirm = useConfirmPayment();
  const asked = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    // Once per visit (React's strict mode runs effects twice in development).
    if (!id || asked.current) return;
    asked.current = true;
    mutate(id);
  }, [id, mutate]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 3 }}>
        Payment
      </Typography>
      {!id ? (
        <Alert severity="error">
          This payment link is not complete. Your payments are listed on the payments page.
        </Alert>
      ) : confirm.isError ? (
        <LoadError onRetry={() => mutate(id)}>{confirm.error.message}</LoadError>
      ) : !confirm.data ? (
        <Stack spacing={2} aria-busy>
          <Typography role="status">Checking your payment…</Typography>
          <Skeleton animation="wave" variant="rounded" height={160} aria-hidden />
        </Stack>
      ) : (
        <Outcome outcome={confirm.data} onRecheck={() => mutate(id)} rechecking={confirm.isPending} />
      )}
    </Container>
  );
}

function Outcome({
  outcome: o,
  onRecheck,
  rechecking,
}: {
  outcome: CheckoutOutcome;
  onRecheck: () => void;
  rechecking: boolean;
}) {
  const retry = checkoutFor(o.breakdown.lines.map((l) => l.enrollmentId));
  return (
    <Stack spacing={3}>
      {o.state === 'paid' ? (
        <Alert severity="success" role="status">
          <AlertTitle>Payment received</AlertTitle>
          Your enrollments are confirmed. A receipt is on its way to your email.
        </Alert>
      ) : o.state === 'failed' ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{o.failureReason ?? 'The payment did not go through.'}</AlertTitle>
          Nothing was charged. Your seats stay held until their hold ends, so you can try again with another card.
        </Alert>
      ) : o.state === 'open' ? (
        <Alert severity="info" role="status">
          <AlertTitle>The payment has not been completed yet</AlertTitle>
          {`It stays open until ${formatDateTime(o.expiresAt)}.`}
        </Alert>
      ) : (
        <Alert severity="warning" role="status">
          <AlertTitle>
            {o.state === 'expired' ? 'This payment expired before it was completed' : 'This payment was cancelled'}
          </AlertTitle>
          Nothing was charged. Seats still held can be paid from the checkout.
        </Alert>
      )}
      <BreakdownTable breakdown={o.breakdown} caption="What this payment covers" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {o.state === 'paid' && o.transactionId && (
          <Button component={RouterLink} to={pathTo(paths.receipt, { id: o.transactionId })} variant="contained">
            View receipt
          </Button>
        )}
        {o.state === 'paid' && (
          <Button component={RouterLink} to={paths.enrollments}>
            See your enrollments
          </Button>
        )}
        {(o.state === 'failed' || o.state === 'expired' || o.state === 'cancelled') && (
          <Button component={RouterLink} to={retry} variant="contained">
            Try again
          </Button>
        )}
        {o.state === 'open' && (
          <>
            <Button
              component={RouterLink}
              to={`${paths.checkoutSandbox}?id=${encodeURIComponent(o.checkoutId)}`}
              variant="contained"
            >
              Back to the payment page
            </Button>
            <Button onClick={onRecheck} disabled={rechecking}>
              Check again
            </Button>
          </>
        )}
        <Button component={RouterLink} to={paths.transactions}>
          Your payments
        </Button>
      </Stack>
    </Stack>
  );
}
