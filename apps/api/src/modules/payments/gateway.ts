import type Stripe from 'stripe';
import type { Db } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeGateway, stripeClient } from './stripe-gateway.ts';
import { createManualGateway } from './manual-gateway.ts';

/**
 * The one seam between KikStart and a payment provider: the offline sandbox, Stripe Checkout and
 * the manual gateway (pay at the office) implement the same calls. Amounts always
 * come from the server's checkout row, never from the browser. Memberships add a saved card:
 * a session in `subscription` mode answers the provider's customer, payment method and
 * subscription in its paid event, and renewals charge that card off-session.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe' | 'manual';
  /** How long a checkout holds its seats on this gateway (default CHECKOUT_MINUTES). */
  readonly sessionMinutes?: number;
  /** Opens the provider's payment page for a checkout; answers its id and where to send the browser. */
  createCheckoutSession(input: CreateSessionInput): Promise<{ gatewayRef: string; redirectUrl: string }>;
  /** Reads a session's outcome from the provider (never from the browser). */
  retrieveCheckoutSession(gatewayRef: string): Promise<GatewayOutcome>;
  /** Closes an unpaid session so it can no longer be paid (the parent cancelled). */
  cancelCheckoutSession(gatewayRef: string): Promise<void>;
  /** Refunds part or all of a payment; the same idempotency key never refunds twice. */
  refund(input: {
    paymentRef: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    reason: string;
  }): Promise<{ refundRef: string }>;
  /**
   * Charges a saved payment method off-session (a membership renewal or upgrade). Answers the
   * provider's event (charge.paid or charge.failed with the reason); the same idempotency key
   * answers the same charge, so a retried call never charges twice.
   */
  chargeSavedPaymentMethod(input: {
    customerRef: string;
    paymentMethodRef: string;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
    purpose: ChargePurpose;
  }): Promise<GatewayEvent>;
  /** Tells the provider a subscription ends (Stripe: cancel at period end, or now); no charge follows. */
  cancelSubscription(input: { subscriptionRef: string | null; atPeriodEnd: boolean }): Promise<void>;
}

/**
 * What an off-session charge pays for. Stripe keeps it in the PaymentIntent's metadata, so the
 * intent's webhook names the renewal (membership, period, attempt) whose outcome it carries.
 */
export type ChargePurpose =
  | { kind: 'renewal'; subscriptionId: string; periodStart: Date; attempt: number }
  | { kind: 'upgrade'; subscriptionId: string };

export interface CreateSessionInput {
  checkoutId: string;
  lines: { description: string; amountCents: number }[];
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** `subscription`: the card is saved with the provider for renewals (the paid event names it). */
  mode?: 'payment' | 'subscription';
}

/** A provider event, stored once by its id (payment_events) and applied once. */
export interface GatewayEvent {
  id: string;
  gateway: PaymentGateway['name'];
  /** `checkout.expired`: the provider closed an unpaid session (Stripe's checkout.session.expired). */
  type: 'checkout.paid' | 'checkout.failed' | 'checkout.expired' | 'charge.paid' | 'charge.failed';
  gatewayRef: string;
  /** The provider's payment id (paid), refunds go against it. */
  paymentRef?: string;
  amountCents?: number;
  currency?: string;
  /** Why it failed, in words for the parent (failed). */
  failureReason?: string;
  /** Subscription-mode sessions (paid): the provider's customer, saved card and subscription. */
  customerRef?: string;
  paymentMethodRef?: string;
  subscriptionRef?: string;
  cardLast4?: string;
}

export type GatewayOutcome = { state: 'open' } | { state: 'paid' | 'failed'; event: GatewayEvent };

/** A Stripe gateway without its keys (development only: production refuses to start) answers 503. */
function unavailableGateway(): PaymentGateway {
  const refuse = () => Promise.reject(new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.gatewayUnavailable));
  return {
    name: 'stripe',
    createCheckoutSession: refuse,
    retrieveCheckoutSession: async () => ({ state: 'open' }),
    cancelCheckoutSession: async () => undefined,
    refund: refuse,
    chargeSavedPaymentMethod: refuse,
    cancelSubscription: async () => undefined,
  };
}

/**
 * The app's payment gateways, made once at start-up (plugins/payment-gateways.ts decorates the
 * app with them): routes, the webhook and the background jobs share one gateway and one Stripe
 * client. `office` is "pay at the office or by check" beside the card gateway when the operator
 * offers it (MANUAL_PAYMENTS_ALLOWED), or the gateway itself when PAYMENT_GATEWAY=manual.
 * The sandbox is refused in production by config/env.ts already.
 */
export function createPaymentGateways(opts: { config: AppConfig; db: Db }): {
  gateway: PaymentGateway;
  office: PaymentGateway | null;
  stripe: Stripe | null;
} {
  const { config } = opts;
  const manual = () => createManualGateway({ publicUrl: config.publicUrl, holdDays: config.manualHoldDays });
  const office = config.manualPaymentsAllowed ? manual() : null;
  if (config.paymentGateway === 'sandbox' && config.devConveniences)
    return { gateway: createSandboxGateway({ db: opts.db, publicUrl: config.publicUrl }), office, stripe: null };
  if (config.paymentGateway === 'manual') {
    const gateway = manual();
    return { gateway, office: gateway, stripe: null };
  }
  if (!config.stripeSecretKey) return { gateway: unavailableGateway(), office, stripe: null };
  const stripe = stripeClient({ secretKey: config.stripeSecretKey, api: config.stripeApi });
  return { gateway: createStripeGateway({ db: opts.db, stripe }), office, stripe };
}
