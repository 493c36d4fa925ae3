import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkoutFor, paths } from '../../lib/paths.ts';
import { useCancelPayment } from './api/cancel-payment.ts';

/**
 * /checkout/cancelled?id=: the parent left the payment page. The open payment is cancelled on the
 * server (so its seats can go into a new payment); the seats stay held until their hold ends.
 */
export function CheckoutCancelledPage() {
  usePageMeta({ title: 'Payment cancelled', description: 'Your payment was cancelled; your seats stay held.' });
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const cancel = useCancelPayment();
  const asked = useRef(false);
  const { mutate } = cancel;
  useEffect(() => {
    if (!id || asked.current) return;
    asked.current = true;
    mutate(id);
  }, [id, mutate]);
  const lines = cancel.data?.breakdown.lines.map((l) => l.enrollmentId) ?? [];
  const paid = cancel.data?.state === 'paid';

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 3 }}>
        Payment cancelled
      </Typography>
      <Stack spacing={3}>
        {paid ? (
          <Alert severity="success" role="status">
            <AlertTitle>This payment was already completed</AlertTitle>
            Your enrollments are confirmed; the receipt is on your payments page.
          </Alert>
        ) : (
          <Alert severity="info" role="status">
            <AlertTitle>Nothing was charged</AlertTitle>
            Your seats stay held until their hold ends. Return to the checkout to pay for them.
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {!paid && (
            <Button component={RouterLink} to={checkoutFor(lines)} variant="contained" disabled={cancel.isPending}>
              Return to checkout
            </Button>
          )}
          <Button component={RouterLink} to={paths.transactions}>
            Your payments
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
