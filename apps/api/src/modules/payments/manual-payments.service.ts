import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkouts } from '@kikstart/db';
import { PAYMENT_MESSAGES, type CheckoutOutcome, type MarkReceivedInput } from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import { checkoutOutcome } from './checkout.service.ts';
import { applyPaymentEvent } from './payment-events.ts';

/**
 * POST /admin/payments/mark-received: staff took the cash or check for an office checkout. The
 * payment is applied as a paid event whose id is the checkout's, so marking it twice (two staff,
 * a double click) applies it once: seats confirmed, transaction recorded, receipt mailed, as for a
 * card (payment-events.ts, including a late payment after the hold lapsed). The amount must be
 * the checkout's total: a partial payment is not a paid seat.
 */
export async function markReceived(opts: {
  db: Db;
  now: Date;
  publicUrl: string;
  input: MarkReceivedInput;
}): Promise<CheckoutOutcome> {
  const { db, input } = opts;
  const load = async () => {
    const [row] = await db.select().from(checkouts).where(eq(checkouts.id, input.checkoutId));
    if (!row) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.checkoutNotFound);
    return row;
  };
  const checkout = await load();
  if (checkout.gateway !== 'manual' || !checkout.gatewayRef)
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.manualNotOffice);
  if (checkout.status === 'paid') return checkoutOutcome(db, checkout);
  if (input.amountCents !== checkout.totalCents)
    throw new AppError('UNPROCESSABLE', PAYMENT_MESSAGES.manualAmountDiffers, {
      amountCents: `${PAYMENT_MESSAGES.manualAmountDiffers} (${checkout.totalCents} cents)`,
    });
  await applyPaymentEvent({
    db,
    now: opts.now,
    publicUrl: opts.publicUrl,
    event: {
      id: `manual_paid:${checkout.id}`,
      gateway: 'manual',
      type: 'checkout.paid',
      gatewayRef: checkout.gatewayRef,
      paymentRef: `manual:${input.method}:${input.reference}`.slice(0, 120),
      amountCents: input.amountCents,
      currency: checkout.currency,
    },
  });
  return checkoutOutcome(db, await load());
}
