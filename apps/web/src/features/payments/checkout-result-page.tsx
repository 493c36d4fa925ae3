import { useState } from 'react';
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
import { useCheckoutOutcome } from './api/confirm-payment.ts';
import { nextOutcomeCheck } from '../../lib/outcome-polling.ts';
import { BreakdownTable } from './components/breakdown-table.tsx';
import { LoadError } from '../../components/load-error.tsx';

/**
 * /checkout/success?id=: where the gateway sends the parent back. The outcome is asked from the
 * server (which reads it from the gateway), never taken from this address: paid, failed and why,
 * or still open. The parent is often back before the provider's webhook, so an open payment is
 * asked again on its own for about a minute (useCheckoutOutcome), then "Check again" is offered.
 * The outcome sits in one polite live region that stays on the page from "Checking your
 * payment…" on, so a screen reader hears it change (open to paid) without the page moving focus.
 */
export function CheckoutResultPage() {
  usePageMeta({ title: 'Payment result', description: 'The outcome of your payment.' });
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [askingSince, setAskingSince] = useState(() => Date.now());
  const outcome = useCheckoutOutcome(id, askingSince);
  const { data, refetch } = outcome;
  // Still asking on its own: the last answer came within the minute (outcome-polling.ts).
  const asking = data?.state === 'open' && nextOutcomeCheck(outcome.dataUpdatedAt - askingSince) !== false;
  const checkAgain = () => {
    setAskingSince(Date.now());
    void refetch();
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 3 }}>
        Payment
      </Typography>
      {!id ? (
        <Alert severity="error">
          This payment link is not complete. Your payments are listed on the payments page.
        </Alert>
      ) : outcome.isError && !data ? (
        <LoadError onRetry={checkAgain}>{outcome.error.message}</LoadError>
      ) : (
        <Stack spacing={3} aria-busy={!data}>
          <div role="status" aria-live="polite">
            {data ? <OutcomeAlert outcome={data} asking={asking} /> : <Typography>Checking your payment…</Typography>}
          </div>
          {data ? (
            <OutcomeDetails outcome={data} onCheckAgain={asking ? null : checkAgain} checking={outcome.isFetching} />
          ) : (
            <Skeleton animation="wave" variant="rounded" height={160} aria-hidden />
          )}
        </Stack>
      )}
    </Container>
  );
}

/** What became of the payment. Not a live region itself: the page's status region around it is. */
function OutcomeAlert({ outcome: o, asking }: { outcome: CheckoutOutcome; asking: boolean }) {
  if (o.state === 'paid')
    return (
      <Alert severity="success" role="none">
        <AlertTitle>Payment received</AlertTitle>
        Your enrollments are confirmed. A receipt is on its way to your email.
      </Alert>
    );
  if (o.state === 'failed')
    return (
      <Alert severity="error" role="none">
        <AlertTitle>{o.failureReason ?? 'The payment did not go through.'}</AlertTitle>
        Nothing was charged. Your seats stay held until their hold ends, so you can try again with another card.
      </Alert>
    );
  if (o.state === 'open')
    return (
      <Alert severity="info" role="none">
        <AlertTitle>The payment has not been completed yet</AlertTitle>
        {asking
          ? `This page checks again every few seconds. It stays open until ${formatDateTime(o.expiresAt)}.`
          : `It stays open until ${formatDateTime(o.expiresAt)}.`}
      </Alert>
    );
  return (
    <Alert severity="warning" role="none">
      <AlertTitle>
        {o.state === 'expired' ? 'This payment expired before it was completed' : 'This payment was cancelled'}
      </AlertTitle>
      Nothing was charged. Seats still held can be paid from the checkout.
    </Alert>
  );
}

function OutcomeDetails({
  outcome: o,
  onCheckAgain,
  checking,
}: {
  outcome: CheckoutOutcome;
  /** Offered once the page has stopped asking on its own; null while it still asks. */
  onCheckAgain: (() => void) | null;
  checking: boolean;
}) {
  const retry = checkoutFor(o.breakdown.lines.map((l) => l.enrollmentId));
  return (
    <Stack spacing={3}>
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
            {onCheckAgain && (
              <Button onClick={onCheckAgain} disabled={checking}>
                Check again
              </Button>
            )}
          </>
        )}
        <Button component={RouterLink} to={paths.transactions}>
          Your payments
        </Button>
      </Stack>
    </Stack>
  );
}
