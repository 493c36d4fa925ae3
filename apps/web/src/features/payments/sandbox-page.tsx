import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { formatDateTime } from '../../lib/format/dates.ts';
import { formatMoneyFromCents } from '../../lib/format/money.ts';
import { useSandboxCheckout } from './api/get-sandbox-checkout.ts';
import { BreakdownTable } from './components/breakdown-table.tsx';
import { SandboxCardForm } from './components/sandbox-card-form.tsx';
import { TestCardList } from './components/test-card-list.tsx';

/**
 * /checkout/sandbox?id=: the offline gateway's payment page (the API's redirectUrl). It says it is
 * a test page, shows what is paid and takes Stripe's test cards. Like a real gateway, it then sends
 * the parent to the return page, which confirms the outcome from the server (paid, or declined and why).
 */
export function SandboxCheckoutPage() {
  usePageMeta({ title: 'Test payment', description: 'The sandbox payment page: pay with a Stripe test card.' });
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const checkout = useSandboxCheckout(id);
  const data = checkout.data;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 38 }, mb: 2 }}>
        Test payment
      </Typography>
      <Alert severity="warning" sx={{ mb: 3 }}>
        <AlertTitle>This is a test payment page</AlertTitle>
        No real card is charged. It takes Stripe’s test card numbers only, with any future expiry date, any CVC and any
        name.
      </Alert>
      {!id || checkout.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" component={RouterLink} to={paths.checkout}>
              Back to checkout
            </Button>
          }
        >
          {checkout.error?.message ?? 'This payment link is not complete.'}
        </Alert>
      ) : !data ? (
        <Skeleton animation="wave" variant="rounded" height={320} aria-hidden />
      ) : (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
              {`Amount to pay: ${formatMoneyFromCents(data.breakdown.totalCents, data.breakdown.currency)}`}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mb: 2 }}
            >{`This payment is open until ${formatDateTime(data.expiresAt)}.`}</Typography>
            <BreakdownTable breakdown={data.breakdown} caption="What this payment covers" />
          </Paper>
          {data.state === 'open' ? (
            <>
              <TestCardList cards={data.testCards} />
              <SandboxCardForm checkoutId={data.checkoutId} onEnded={() => navigate(data.successPath)} />
              <Button component={RouterLink} to={data.cancelPath}>
                Cancel and go back
              </Button>
            </>
          ) : (
            <Alert
              severity={data.state === 'paid' ? 'success' : 'info'}
              action={
                <Button color="inherit" component={RouterLink} to={data.successPath}>
                  See the result
                </Button>
              }
            >
              {data.state === 'paid' ? 'This payment is complete.' : 'This payment has ended.'}
            </Alert>
          )}
        </Stack>
      )}
    </Container>
  );
}
