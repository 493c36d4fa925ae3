import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { UNCOVERED_HOLD_DAYS } from '@kikstart/contract/memberships';
import { ApiError } from '../../lib/api-client.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { billingQueryOptions } from '../../api/get-billing.ts';
import { usePlans } from './api/get-plans.ts';
import { useInitiateSubscription } from './api/initiate-subscription.ts';
import { PlanCard } from './components/plan-card.tsx';
import { LoadError } from '../../components/load-error.tsx';

/**
 * /memberships: the plans side by side. Choosing one prices it on the server and goes to the
 * payment page (the sandbox page offline), like a one-time payment; the card is saved for renewals.
 */
export function PlansPage() {
  usePageMeta({
    title: 'Memberships',
    description: 'Super Parent plans: every covered program for your children, with no payment per class.',
  });
  const signedIn = useAppSelector((s) => s.session.isLoggedIn);
  const plans = usePlans();
  const billing = useQuery({ ...billingQueryOptions(), enabled: signedIn });
  const initiate = useInitiateSubscription();
  const [coupon, setCoupon] = useState('');
  const [error, setError] = useState<{ message: string; coupon?: string } | null>(null);
  const current = billing.data?.subscription ?? null;

  const choose = (planId: string) => {
    setError(null);
    initiate.mutate(
      { planId, couponCode: coupon.trim() || undefined },
      {
        onSuccess: (started) => window.location.assign(started.redirectUrl),
        onError: (err) =>
          setError(
            err instanceof ApiError
              ? { message: err.message, coupon: err.errors.couponCode }
              : { message: 'The payment could not be started. Please try again.' },
          ),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Memberships"
        description="One monthly or yearly plan covers your children in every program marked “covered by membership”: no payment per class, cancel any time."
        maxWidth="lg"
      />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Stack spacing={4}>
          {current && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" component={RouterLink} to={paths.billing}>
                  Billing
                </Button>
              }
            >
              Your family is on the {current.plan.name} plan. Attach children, upgrade or cancel on your billing page.
            </Alert>
          )}
          {plans.isError ? (
            <LoadError onRetry={() => plans.refetch()}>The plans could not be loaded.</LoadError>
          ) : (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {plans.isPending
                ? [0, 1].map((i) => <Skeleton key={i} animation="wave" variant="rounded" height={380} aria-hidden />)
                : plans.data.map((plan) => (
                    <PlanCard
                      key={plan.id}
                      plan={plan}
                      current={current?.plan.id === plan.id}
                      action={
                        !signedIn ? (
                          <Button
                            component={RouterLink}
                            to={`${paths.login}?next=${encodeURIComponent(paths.plans)}`}
                            variant="contained"
                            fullWidth
                          >
                            Sign in to choose {plan.name}
                          </Button>
                        ) : current ? (
                          <Button component={RouterLink} to={paths.billing} variant="outlined" fullWidth>
                            {current.plan.id === plan.id ? 'Manage your plan' : 'Change plan on your billing page'}
                          </Button>
                        ) : (
                          <Button
                            variant="contained"
                            fullWidth
                            onClick={() => choose(plan.id)}
                            disabled={initiate.isPending}
                            aria-busy={initiate.isPending}
                          >
                            Choose {plan.name}
                          </Button>
                        )
                      }
                    />
                  ))}
            </Box>
          )}
          {signedIn && !current && (
            <Box sx={{ maxWidth: 420 }}>
              <TextField
                label="Membership coupon (optional)"
                value={coupon}
                onChange={(e) => setCoupon(e.target.value)}
                error={!!error?.coupon}
                helperText={error?.coupon ?? 'Applies to the first charge.'}
                fullWidth
                disabled={initiate.isPending}
              />
            </Box>
          )}
          {error && !error.coupon && <Alert severity="error">{error.message}</Alert>}
          <Box component="section" aria-labelledby="how-heading">
            <Typography id="how-heading" variant="h3" component="h2" sx={{ mb: 1.5 }}>
              How it works
            </Typography>
            <Stack component="ul" spacing={1} sx={{ pl: 3, m: 0 }}>
              <li>Pay for the plan once a month or once a year with a card; it renews on that card.</li>
              <li>Attach your children on your billing page; you can detach one to attach another at any time.</li>
              <li>An attached child’s enrollment in a covered program is confirmed at once, with no payment.</li>
              <li>
                Cancel any time: the plan covers your children until the end of the period you paid for. After that,
                each covered seat is held for you for {UNCOVERED_HOLD_DAYS} days to pay for it, or is released.
              </li>
              <li>Waitlists stay first come, first served for every family.</li>
            </Stack>
          </Box>
          {plans.data?.[0] && (
            <Box component="section" aria-labelledby="covered-heading">
              <Typography id="covered-heading" variant="h3" component="h2" sx={{ mb: 1.5 }}>
                Programs covered by membership
              </Typography>
              {plans.data[0].coveredPrograms.length === 0 ? (
                <Typography color="text.secondary">No covered programs are open right now.</Typography>
              ) : (
                <Stack component="ul" spacing={0.5} sx={{ pl: 3, m: 0 }}>
                  {plans.data[0].coveredPrograms.map((p) => (
                    <li key={p.id}>
                      <Link component={RouterLink} to={pathTo(paths.programDetails, { id: p.id })}>
                        {p.title}
                      </Link>
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
          )}
        </Stack>
      </Container>
    </>
  );
}
