import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatPlanDate } from '@kikstart/contract/memberships';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { useSubscriptionOutcome } from './api/create-subscription.ts';
import { nextOutcomeCheck } from '../../lib/outcome-polling.ts';
import { LoadError } from '../../components/load-error.tsx';

/**
 * /account/billing/checkout?id= (&cancelled=1): where the gateway sends the parent back after a
 * plan payment. The outcome is asked from the server, which reads it from the gateway; an open
 * one is asked again on its own for about a minute (the webhook may still be on its way), then
 * "Check again" is offered. The outcome sits in one polite live region that stays on the page.
 */
export function MembershipResultPage() {
  usePageMeta({ title: 'Membership payment', description: 'The outcome of your membership payment.' });
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const cancelled = params.get('cancelled') === '1';
  const [askingSince, setAskingSince] = useState(() => Date.now());
  const outcome = useSubscriptionOutcome(id, cancelled, askingSince);
  const o = outcome.data;
  const asking = o?.state === 'open' && nextOutcomeCheck(outcome.dataUpdatedAt - askingSince) !== false;
  const checkAgain = () => {
    setAskingSince(Date.now());
    void outcome.refetch();
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 3 }}>
        Membership
      </Typography>
      {!id ? (
        <Alert severity="error">This payment link is not complete. Your membership is on your billing page.</Alert>
      ) : outcome.isError && !o ? (
        <LoadError onRetry={checkAgain}>{outcome.error.message}</LoadError>
      ) : (
        <Stack spacing={3} aria-busy={!o}>
          <div role="status" aria-live="polite">
            {!o ? (
              <Typography>Checking your payment…</Typography>
            ) : o.state === 'paid' && o.subscription ? (
              <Alert severity="success" role="none">
                <AlertTitle>Your {o.subscription.plan.name} membership is active</AlertTitle>
                {`Attach your children on your billing page to cover them. The next charge is on ${formatPlanDate(o.subscription.currentPeriodEnd)}.`}
              </Alert>
            ) : o.state === 'paid' ? (
              <Alert severity="info" role="none">
                Your family already had a membership, so this payment is refunded in full.
              </Alert>
            ) : o.state === 'failed' ? (
              <Alert severity="error" role="none">
                <AlertTitle>{o.failureReason ?? 'The payment did not go through.'}</AlertTitle>
                Nothing was charged and no membership was started. You can try again with another card.
              </Alert>
            ) : o.state === 'open' ? (
              <Alert severity="info" role="none">
                {asking
                  ? 'The payment has not been completed yet. This page checks again every few seconds.'
                  : 'The payment has not been completed yet.'}
              </Alert>
            ) : (
              <Alert severity="warning" role="none">
                Nothing was charged. You can choose a plan again at any time.
              </Alert>
            )}
          </div>
          {!o ? (
            <Skeleton animation="wave" variant="rounded" height={120} aria-hidden />
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {o.state === 'paid' ? (
                <Button component={RouterLink} to={paths.billing} variant="contained">
                  Attach your children
                </Button>
              ) : (
                <Button component={RouterLink} to={paths.plans} variant="contained">
                  See the plans
                </Button>
              )}
              {o.transactionId && (
                <Button component={RouterLink} to={pathTo(paths.receipt, { id: o.transactionId })}>
                  View receipt
                </Button>
              )}
              {o.state === 'open' && (
                <Button component={RouterLink} to={`${paths.checkoutSandbox}?id=${encodeURIComponent(o.checkoutId)}`}>
                  Back to the payment page
                </Button>
              )}
              {o.state === 'open' && !asking && (
                <Button onClick={checkAgain} disabled={outcome.isFetching}>
                  Check again
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Container>
  );
}
