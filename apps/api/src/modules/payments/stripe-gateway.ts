import Stripe from 'stripe';
import type { Db } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import type { ChargePurpose, GatewayEvent, PaymentGateway } from './gateway.ts';
import { storedOutcome } from './stored-outcome.ts';

export interface StripeSettings {
  secretKey: string;
  /** Tests only: a local stand-in instead of api.stripe.com. */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

/** One SDK client per settings: the webhook route and the gateway share its webhook helpers. */
export function stripeClient(settings: StripeSettings): Stripe {
  const { host, port, protocol } = settings.api ?? {};
  return new Stripe(settings.secretKey, {
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
    ...(protocol ? { protocol } : {}),
    // Retries reuse the idempotency key, so a retried create never creates twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

/**
 * PAYMENT_GATEWAY=stripe: Stripe Checkout (the hosted page, reached by redirect; no Stripe.js).
 *
 * Plans use a Checkout Session in `payment` mode with a Customer and
 * `payment_intent_data.setup_future_usage: 'off_session'`, not Stripe Billing's subscription mode:
 * KikStart's own job renews memberships (decision 0034), so Stripe only has to keep the card, and each
 * renewal is an off-session PaymentIntent on it. Every create call carries an idempotency key
 * derived from our row ids. A session's outcome is what the signed webhooks stored
 * (stored-outcome.ts): the parent's return from the hosted page proves nothing.
 */
export function createStripeGateway(opts: { db: Db; stripe: Stripe }): PaymentGateway {
  const { stripe } = opts;
  return {
    name: 'stripe',
    async createCheckoutSession(input) {
      const saveCard = input.mode === 'subscription';
      const metadata = { checkoutId: input.checkoutId };
      const customer = saveCard
        ? await stripe.customers.create({ metadata }, { idempotencyKey: `${input.idempotencyKey}:customer` })
        : null;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.checkoutId,
          metadata,
          ...(customer ? { customer: customer.id } : {}),
          payment_intent_data: { metadata, ...(saveCard ? { setup_future_usage: 'off_session' as const } : {}) },
          line_items: input.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: line.amountCents,
              product_data: { name: line.description },
            },
          })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.gatewayUnavailable);
      return { gatewayRef: session.id, redirectUrl: session.url };
    },
    retrieveCheckoutSession: (gatewayRef) => storedOutcome(opts.db, gatewayRef),
    async cancelCheckoutSession(gatewayRef) {
      // Expiring a session that was paid or already expired is refused by Stripe; the webhook
      // then tells what happened, so the refusal is not an error for the parent's cancel.
      await stripe.checkout.sessions.expire(gatewayRef).catch((err: unknown) => {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      });
    },
    async refund(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentRef,
          amount: input.amountCents,
          metadata: { reason: input.reason.slice(0, 400) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundRef: refund.id };
    },
    async chargeSavedPaymentMethod(input): Promise<GatewayEvent> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer: input.customerRef,
            payment_method: input.paymentMethodRef,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: chargeMetadata(input.purpose),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded') return paidCharge(intent);
        return failedCharge(intent.id, PAYMENT_MESSAGES.renewalDeclined);
      } catch (err) {
        // A declined off-session charge is an answer, not an outage: the renewal path records it.
        if (err instanceof Stripe.errors.StripeCardError)
          return failedCharge(err.payment_intent?.id ?? `declined:${input.idempotencyKey}`, declineReason(err));
        throw err;
      }
    },
    // Renewals are KikStart's own job: there is no Stripe subscription to stop, and the saved card
    // is never charged again once the membership ends.
    async cancelSubscription() {},
  };
}

/**
 * The event id of an off-session charge's outcome. A renewal's payment_intent.succeeded and
 * payment_intent.payment_failed webhooks map to the same id (stripe-events.ts), so the create
 * call's answer and the webhook act once between them: whichever is recorded second is a no-op.
 */
export const chargeEventId = (intentId: string) => `stripe_charge:${intentId}`;

/** An off-session PaymentIntent that succeeded, from the create call's answer or its webhook. */
export function paidCharge(intent: Pick<Stripe.PaymentIntent, 'id' | 'amount_received' | 'currency'>): GatewayEvent {
  return {
    id: chargeEventId(intent.id),
    gateway: 'stripe',
    type: 'charge.paid',
    gatewayRef: intent.id,
    paymentRef: intent.id,
    amountCents: intent.amount_received,
    currency: intent.currency,
  };
}

/** A declined off-session PaymentIntent, from the create call's error or its webhook. */
export function failedCharge(intentId: string, reason: string): GatewayEvent {
  return {
    id: chargeEventId(intentId),
    gateway: 'stripe',
    type: 'charge.failed',
    gatewayRef: intentId,
    failureReason: reason,
  };
}

/** The decline in words for the parent: the card error of the create call, or the intent's last_payment_error. */
export function declineReason(err: { decline_code?: string; code?: string } | null | undefined) {
  if (err?.decline_code === 'insufficient_funds') return PAYMENT_MESSAGES.insufficientFunds;
  return PAYMENT_MESSAGES.renewalDeclined;
}

/** Stripe metadata values are strings: the charge's purpose as the PaymentIntent keeps it. */
function chargeMetadata(purpose: ChargePurpose): Record<string, string> {
  if (purpose.kind === 'upgrade') return { kind: 'upgrade', subscriptionId: purpose.subscriptionId };
  return {
    kind: 'renewal',
    subscriptionId: purpose.subscriptionId,
    periodStart: purpose.periodStart.toISOString(),
    attempt: String(purpose.attempt),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The renewal a PaymentIntent's metadata names (chargeMetadata), or null: a Checkout payment, an
 * upgrade (the parent's request records its answer), or metadata we did not write.
 */
export function renewalOf(metadata: Record<string, string> | null | undefined) {
  if (metadata?.kind !== 'renewal') return null;
  const { subscriptionId = '', periodStart = '', attempt = '' } = metadata;
  const start = new Date(periodStart);
  if (!UUID.test(subscriptionId) || Number.isNaN(start.getTime()) || !/^[1-9]\d?$/.test(attempt)) return null;
  return { subscriptionId, periodStart: start, attempt: Number(attempt) };
}
