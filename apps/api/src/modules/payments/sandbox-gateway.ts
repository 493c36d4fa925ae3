import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import type { GatewayEvent, PaymentGateway } from './gateway.ts';
import { storedOutcome } from './stored-outcome.ts';
import { mailLink } from '@kikstart/contract/mail-links';

/**
 * The offline gateway (PAYMENT_GATEWAY=sandbox, never in production). Its "payment page" is the
 * app's own sandbox page, which posts a card to POST /api/sandbox/checkout/pay; the card's
 * outcome becomes a payment event like a Stripe webhook would. The session's outcome is the
 * newest event stored for it (stored-outcome.ts), so any API process reads the same answer.
 */
export function createSandboxGateway(opts: { db: Db; publicUrl: string }): PaymentGateway {
  return {
    name: 'sandbox',
    async createCheckoutSession(input) {
      const gatewayRef = `sbx_cs_${randomBytes(12).toString('hex')}`;
      return { gatewayRef, redirectUrl: mailLink(opts.publicUrl, 'checkoutSandbox', { id: input.checkoutId }) };
    },
    retrieveCheckoutSession: (gatewayRef) => storedOutcome(opts.db, gatewayRef),
    // Nothing to close: the card form refuses a checkout that is no longer open.
    async cancelCheckoutSession() {},
    async refund(input) {
      // Deterministic from the idempotency key: a retried refund answers the same reference.
      return { refundRef: `sbx_re_${keyHash(input.idempotencyKey)}` };
    },
    // A saved card's outcome is decided by its number (kept in the sandbox's payment method id),
    // and the event id by the idempotency key, so a retried charge is the same charge.
    async chargeSavedPaymentMethod(input): Promise<GatewayEvent> {
      const id = keyHash(input.idempotencyKey);
      const reason = SAVED_CARD_FAILURES[input.paymentMethodRef.split('_')[2] ?? ''];
      return {
        id: `sbx_evt_ch_${id}`,
        gateway: 'sandbox',
        type: reason ? 'charge.failed' : 'charge.paid',
        gatewayRef: `sbx_ch_${id}`,
        ...(reason
          ? { failureReason: reason }
          : { paymentRef: `sbx_pi_${id}`, amountCents: input.amountCents, currency: input.currency }),
      };
    },
    // Renewals are charged by KikStart's own job, so there is no provider schedule to stop.
    async cancelSubscription() {},
  };
}

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

/**
 * Saved cards that fail off-session charges, by their last four digits. Stripe's 4000 0000 0000
 * 0341 attaches to the customer but its later charges fail: here the first payment succeeds and
 * every renewal is declined, which is how a parent's card "stops working" mid-membership.
 */
const SAVED_CARD_FAILURES: Record<string, string> = {
  '0341': PAYMENT_MESSAGES.renewalDeclined,
};

/** Stripe's test card numbers and what the sandbox does with each. */
const CARD_OUTCOMES: Record<string, { type: GatewayEvent['type']; reason?: string }> = {
  '4242424242424242': { type: 'checkout.paid' },
  '4000000000000002': { type: 'checkout.failed', reason: PAYMENT_MESSAGES.cardDeclined },
  '4000000000009995': { type: 'checkout.failed', reason: PAYMENT_MESSAGES.insufficientFunds },
  '4000000000000341': { type: 'checkout.paid' },
};

/**
 * The event a card produces for a session, or null for a number that is not a test card (the
 * sandbox only takes Stripe's test cards, so a real card number is never stored or charged).
 */
export function sandboxCardEvent(
  card: string,
  session: { gatewayRef: string; amountCents: number; currency: string; saveCard?: boolean },
): GatewayEvent | null {
  const outcome = CARD_OUTCOMES[card];
  if (!outcome) return null;
  const id = randomBytes(12).toString('hex');
  return {
    id: `sbx_evt_${id}`,
    gateway: 'sandbox',
    type: outcome.type,
    gatewayRef: session.gatewayRef,
    ...(outcome.type === 'checkout.paid'
      ? { paymentRef: `sbx_pi_${id}`, amountCents: session.amountCents, currency: session.currency }
      : { failureReason: outcome.reason }),
    // A membership's card is saved for its renewals; its last four digits decide how they go.
    ...(session.saveCard && outcome.type === 'checkout.paid'
      ? {
          customerRef: `sbx_cus_${id}`,
          paymentMethodRef: `sbx_pm_${card.slice(-4)}_${id}`,
          subscriptionRef: `sbx_sub_${id}`,
          cardLast4: card.slice(-4),
        }
      : {}),
  };
}
