import { useEffect, useRef } from 'react';
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
import { useCreateSubscription } from './api/create-subscription.ts';
import { LoadError } from '../../components/load-error.tsx';

/**
 * /account/billing/checkout?id= (&cancelled=1): where the gateway sends the parent back after a
 * plan payment. The outcome is asked from the server, which reads it from the gateway.
 */
export function MembershipResultPage() {
  usePageMeta({ title: 'Membership payment', description: 'The outcome of your membership payment.' });
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const cancelled = params.get('cancelled') === '1';
  const create = useCreateSubscription();
  const asked = useRef(false);
  const { mutate } = create;
  useEffect(() => {
    // Once per visit (React's strict mode runs effects twice in development).
    if (!id || asked.current) return;
    asked.current = true;
    mutate({ checkoutId: id, cancel: cancelled });
  }, [id, cancelled, mutate]);
  const o = create.data;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 3 }}>
        Membership
      </Typography>
      {!id ? (
        <Alert severity="error">This payment link is not complete. Your membership is on your billing page.</Alert>
      ) : create.isError ? (
        <LoadError onRetry={() => mutate({ checkoutId: id })}>{create.error.message}</LoadError>
      ) : !o ? (
        <Stack spacing={2} aria-busy>
          <Typography role="status">Checking your payment…</Typography>
          <Skeleton animation="wave" variant="rounded" height={120} aria-hidden />
        </Stack>
      ) : (
        <Stack spacing={3}>
          {o.state === 'paid' && o.subscription ? (
            <Alert severity="success" role="status">
              <AlertTitle>Your {o.subscription.plan.name} membership is active</AlertTitle>
              {`Attach your children on your billing page to cover them. The next charge is on ${formatPlanDate(o.subscription.currentPeriodEnd)}.`}
            </Alert>
          ) : o.state === 'paid' ? (
            <Alert severity="info" role="status">
              Your family already had a membership, so this payment is refunded in full.
            </Alert>
          ) : o.state === 'failed' ? (
            <Alert severity="error" role="alert">
              <AlertTitle>{o.failureReason ?? 'The payment did not go through.'}</AlertTitle>
              Nothing was charged and no membership was started. You can try again with another card.
            </Alert>
          ) : o.state === 'open' ? (
            <Alert severity="info" role="status">
              The payment has not been completed yet.
            </Alert>
          ) : (
            <Alert severity="warning" role="status">
              Nothing was charged. You can choose a plan again at any time.
            </Alert>
          )}
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
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
