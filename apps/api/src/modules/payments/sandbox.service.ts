import {
  PAYMENT_MESSAGES,
  SANDBOX_TEST_CARDS,
  type CheckoutOutcome,
  type SandboxCheckout,
  type SandboxPayInput,
} from '@kikstart/contract/payments';
import { MAIL_LINK_PATHS } from '@kikstart/contract/mail-links';
import { AppError } from '../../lib/errors.ts';
import { answerPayment, checkoutOutcome, loadFamilyCheckout, type PaymentContext } from './checkout.service.ts';
import { applyPaymentEvent } from './payment-events.ts';
import { settlePendingRefunds } from './refunds.ts';
import { sandboxCardEvent } from './sandbox-gateway.ts';
import type { CardPayments } from './payment-event-batch.ts';

/** GET /sandbox/checkout: what the in-app sandbox payment page shows. */
export async function getSandboxCheckout(
  ctx: Pick<PaymentContext, 'db' | 'familyId'> & { checkoutId: string },
): Promise<SandboxCheckout> {
  const checkout = await loadFamilyCheckout(ctx.db, ctx.familyId, ctx.checkoutId);
  // Like a real gateway's session, the page knows where to send the parent back (mail-links paths).
  const back = checkout.planId
    ? { successPath: MAIL_LINK_PATHS.membershipResult, cancelPath: MAIL_LINK_PATHS.membershipResult }
    : { successPath: MAIL_LINK_PATHS.checkoutSuccess, cancelPath: MAIL_LINK_PATHS.checkoutCancelled };
  return {
    ...(await checkoutOutcome(ctx.db, checkout)),
    testCards: [...SANDBOX_TEST_CARDS],
    successPath: `${back.successPath}?id=${checkout.id}`,
    cancelPath: `${back.cancelPath}?id=${checkout.id}${checkout.planId ? '&cancelled=1' : ''}`,
  };
}

/** Is an MM/YY expiry before the month of `now`? */
function expired(expiry: string, now: Date) {
  const [month, year] = expiry.split('/').map((p) => Number(p.trim()));
  const end = Date.UTC(2000 + year!, month!, 1);
  return end <= now.getTime();
}

/**
 * POST /sandbox/checkout/pay: the sandbox's card form. A test card's outcome becomes a payment
 * event applied like a Stripe webhook (applyPaymentEvent); the amount is the checkout's own.
 * Anything but Stripe's test cards is refused, so no real card number is ever taken.
 */
export async function paySandboxCheckout(
  ctx: PaymentContext & { input: SandboxPayInput },
  /** How the checkout is read and the event applied: alone, or with others' at the same moment (payment-event-batch.ts). */
  { loadCheckout = loadFamilyCheckout, applyEvent = applyPaymentEvent }: Partial<CardPayments> = {},
): Promise<CheckoutOutcome> {
  const { db, now, input } = ctx;
  const checkout = await loadCheckout(db, ctx.familyId, input.checkoutId);
  if (checkout.status !== 'open' || checkout.expiresAt <= now || !checkout.gatewayRef)
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.checkoutEnded);
  if (expired(input.expiry, now))
    throw new AppError('UNPROCESSABLE', PAYMENT_MESSAGES.cardExpired, { expiry: PAYMENT_MESSAGES.cardExpired });
  const event = sandboxCardEvent(input.cardNumber, {
    gatewayRef: checkout.gatewayRef,
    amountCents: checkout.totalCents,
    currency: checkout.currency,
    saveCard: !!checkout.planId,
  });
  if (!event) {
    const message = `The sandbox takes Stripe's test cards only: ${SANDBOX_TEST_CARDS.map((c) => c.number).join(', ')}`;
    throw new AppError('UNPROCESSABLE', message, { cardNumber: message });
  }
  const { written } = await applyEvent({ db, event, now, publicUrl: ctx.publicUrl });
  if (written) return answerPayment(ctx, written);
  await settlePendingRefunds({ db, gateway: ctx.gateway, now });
  return checkoutOutcome(db, await loadFamilyCheckout(db, ctx.familyId, input.checkoutId));
}
