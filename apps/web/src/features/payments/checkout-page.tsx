import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Breakdown } from '@kikstart/contract/payments';
import { CHECKOUT_MINUTES } from '@kikstart/contract/payments';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { AccountPageTitle, accountPageSx } from '../../components/account-page-title.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListShell } from '../../components/list-shell.tsx';
import { useHeldEnrollments } from './api/get-held-enrollments.ts';
import { useInitiatePayment } from './api/initiate-payment.ts';
import { usePaymentOptions } from './api/get-payment-options.ts';
import { BasketList, BasketListSkeleton } from './components/basket-list.tsx';
import { BreakdownTable } from './components/breakdown-table.tsx';
import { CouponForm } from './components/coupon-form.tsx';
import { PayMethodChoice, type PayMethod } from './components/pay-method-choice.tsx';

/**
 * /account/checkout?enrollments=id1,id2: every seat the family holds, the chosen ones ticked
 * (all of them when none is named). The coupon is checked on Apply; prices and discounts come
 * from the server; Pay starts the checkout and follows the gateway's redirectUrl.
 */
export function CheckoutPage() {
  usePageMeta({ title: 'Checkout', description: 'Pay once for the seats your family holds.' });
  const [params] = useSearchParams();
  const held = useHeldEnrollments();
  const initiate = useInitiatePayment();
  const items = useMemo(() => held.data?.items ?? [], [held.data]);
  const preselected = useMemo(() => (params.get('enrollments') ?? '').split(',').filter(Boolean), [params]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [applied, setApplied] = useState<{ code: string; breakdown: Breakdown } | null>(null);
  const options = usePaymentOptions().data;
  const [method, setMethod] = useState<PayMethod>('card');
  // The office is the only way when the operator runs the manual gateway alone.
  const payAtOffice = options ? (options.card ? options.payAtOffice && method === 'office' : true) : false;

  // Until the parent ticks or unticks, the named seats are chosen (every held seat when none is named).
  const chosen = (
    picked ?? (preselected.some((id) => items.some((e) => e.id === id)) ? preselected : items.map((e) => e.id))
  ).filter((id) => items.some((e) => e.id === id));
  const toggle = (id: string) => {
    setPicked(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
    // The coupon was checked against other seats: it is checked again on Apply.
    setApplied(null);
  };

  // Spec §8 (one-time payment): the toast says why a payment could not start, so the page does not repeat it.
  const pay = () =>
    initiate.mutate(
      { enrollmentIds: chosen, couponCode: applied?.code, ...(payAtOffice ? { payAtOffice: true } : {}) },
      { onSuccess: (started) => window.location.assign(started.redirectUrl) },
    );

  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <AccountPageTitle
        title="Checkout"
        intro={`Pay once for several children and programs. Starting the payment holds the chosen seats for at least ${CHECKOUT_MINUTES} minutes while you pay.`}
      />
      <ListShell
        query={held}
        failed="Your held seats could not be loaded."
        skeleton={<BasketListSkeleton />}
        empty={
          items.length === 0 && (
            <EmptyState
              title="No seats waiting for payment"
              text="Hold a seat in a program first; it appears here, ready to pay."
              actions={
                <>
                  <Button component={RouterLink} to={paths.programs} variant="contained">
                    Browse programs
                  </Button>
                  <Button component={RouterLink} to={paths.transactions}>
                    See your payments
                  </Button>
                </>
              }
            />
          )
        }
      >
        {() => (
          <Stack spacing={4}>
            <BasketList items={items} chosen={chosen} onToggle={toggle} disabled={initiate.isPending} />
            <CouponForm
              enrollmentIds={chosen}
              applied={applied?.code ?? null}
              onApplied={setApplied}
              disabled={initiate.isPending}
            />
            <Box component="section" aria-labelledby="breakdown-heading">
              <Typography id="breakdown-heading" variant="h3" component="h2" sx={{ mb: 1.5 }}>
                Price breakdown
              </Typography>
              {applied ? (
                <BreakdownTable breakdown={applied.breakdown} caption="Price breakdown with the coupon" />
              ) : (
                <Typography color="text.secondary">
                  The sibling discount and the total are worked out by KikStart when you continue, and shown on the
                  payment page before you enter a card.
                </Typography>
              )}
            </Box>
            {options?.card && options.payAtOffice && (
              <PayMethodChoice
                value={method}
                onChange={setMethod}
                holdDays={options.officeHoldDays}
                disabled={initiate.isPending}
              />
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                variant="contained"
                size="large"
                onClick={pay}
                disabled={chosen.length === 0 || initiate.isPending}
                aria-busy={initiate.isPending}
              >
                {chosen.length === 0
                  ? 'Choose a seat to pay for'
                  : `Continue to payment (${chosen.length} ${chosen.length === 1 ? 'seat' : 'seats'})`}
              </Button>
            </Box>
          </Stack>
        )}
      </ListShell>
    </Container>
  );
}
