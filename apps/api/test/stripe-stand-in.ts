import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { checkouts, subscriptions } from '@kikstart/db';
import type { PlanCheckout } from '@kikstart/contract/memberships';
import { body, type TestApp } from './test-app.ts';
import { payingFamily, post } from './payment-fixtures.ts';
import { MONTHLY, planId } from './membership-fixtures.ts';

/** Test-only: a local stand-in for api.stripe.com, answering the calls the Stripe gateway makes. */

export const WEBHOOK_SECRET = 'whsec_test_standin';

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

export interface StripeStandIn {
  port: number;
  requests: StandInRequest[];
  /** PaymentIntents whose idempotency key contains this (a subscription id) are declined (402 card_error). */
  declineChargesMatching: string | null;
  /**
   * PaymentIntents whose idempotency key contains this are made (and decided) but their answer
   * is lost: a 500 the SDK does not retry, as when the connection drops after Stripe charged.
   * Only the webhook then tells the outcome.
   */
  loseChargeAnswersMatching: string | null;
  /** The PaymentIntents made, by idempotency key: the same key answers the same intent, as Stripe does. */
  intents: Map<string, StandInIntent>;
  /** Called when a PaymentIntent is made, before its answer goes back (50 ms later): Stripe's webhook racing the answer. */
  onIntent: ((intent: StandInIntent) => void) | null;
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface StandInIntent {
  id: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  declined: boolean;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_standin_${++counter}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const standIn = {
    requests,
    declineChargesMatching: null,
    loseChargeAnswersMatching: null,
    intents: new Map(),
    onIntent: null,
  } as unknown as StripeStandIn;
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const params = new URLSearchParams(req.method === 'GET' ? (req.url ?? '').split('?')[1] : await readBody(req));
    const key = req.headers['idempotency-key'];
    requests.push({
      method: req.method ?? '',
      path,
      idempotencyKey: typeof key === 'string' ? key : undefined,
      params,
    });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
      res.end(JSON.stringify(json));
    };
    if (path === '/v1/customers') return send(200, { id: nextId('cus'), object: 'customer' });
    if (path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire) return send(200, { id: expire[1], object: 'checkout.session', status: 'expired' });
    if (path === '/v1/refunds') return send(200, { id: nextId('re'), object: 'refund', status: 'succeeded' });
    if (path === '/v1/payment_intents' && req.method === 'POST') {
      const matches = (part: string | null) => !!part && typeof key === 'string' && key.includes(part);
      const intentKey = typeof key === 'string' ? key : nextId('no_key');
      const made = standIn.intents.get(intentKey) ?? {
        id: nextId('pi'),
        amount: Number(params.get('amount')),
        currency: params.get('currency') ?? 'usd',
        metadata: metadataOf(params),
        declined: matches(standIn.declineChargesMatching),
      };
      standIn.intents.set(intentKey, made);
      if (standIn.onIntent) {
        standIn.onIntent(made);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const { id } = made;
      if (matches(standIn.loseChargeAnswersMatching)) {
        res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in: the answer was lost' } }));
      }
      if (made.declined) {
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card was declined.',
            payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
          },
        });
      }
      return send(200, {
        id,
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(params.get('amount')),
        amount_received: Number(params.get('amount')),
        currency: params.get('currency'),
      });
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (intent)
      return send(200, {
        id: intent[1],
        object: 'payment_intent',
        status: 'succeeded',
        customer: 'cus_standin_saved',
        payment_method: { id: 'pm_standin_saved', object: 'payment_method', card: { last4: '4242' } },
      });
    send(404, { error: { type: 'invalid_request_error', message: `stand-in: no ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.address() as AddressInfo).port;
  standIn.env = {
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: 'http',
  };
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}

/** `metadata[kind]=renewal` form fields back into an object. */
function metadataOf(params: URLSearchParams) {
  const metadata: Record<string, string> = {};
  for (const [name, value] of params) {
    const field = /^metadata\[(.+)\]$/.exec(name);
    if (field) metadata[field[1]!] = value;
  }
  return metadata;
}

/**
 * Stripe's webhook for a PaymentIntent the stand-in made: payment_intent.succeeded, or
 * payment_intent.payment_failed (with the decline as last_payment_error) when it was declined.
 */
export function intentEvent(eventId: string, intent: StandInIntent) {
  return {
    id: eventId,
    type: intent.declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
    object: {
      id: intent.id,
      object: 'payment_intent',
      status: intent.declined ? 'requires_payment_method' : 'succeeded',
      amount: intent.amount,
      amount_received: intent.declined ? 0 : intent.amount,
      currency: intent.currency,
      customer: 'cus_standin_saved',
      metadata: intent.metadata,
      last_payment_error: intent.declined
        ? { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }
        : null,
    },
  };
}

const signer = new Stripe('sk_test_standin');

/** Posts a Stripe event to the webhook, signed with the SDK's own test-header helper (or a given header). */
export function sendWebhook(
  t: TestApp,
  event: { id: string; type: string; object: Record<string, unknown> },
  opts: { signature?: string | null; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const signature =
    opts.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET })
      : opts.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

/** A paid checkout.session.completed for a session (amount as Stripe reports it). */
export const sessionCompleted = (eventId: string, sessionId: string, amountCents: number, currency = 'usd') => ({
  id: eventId,
  type: 'checkout.session.completed',
  object: {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: `pi_for_${sessionId}`,
    amount_total: amountCents,
    currency,
    customer: null,
  },
});

/** A family on the monthly plan bought through Stripe Checkout and its webhook (card pm_standin_saved). */
export async function stripeMember(t: TestApp) {
  const family = await payingFamily(t, 1);
  const res = await post(t, '/api/stripe-subscription/initiate', family.headers, { planId: await planId(t, MONTHLY) });
  if (res.statusCode !== 200) throw new Error(`initiate failed: ${res.statusCode} ${res.body}`);
  const started = body<PlanCheckout>(res).data;
  const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
  const completed = sessionCompleted(`evt_plan_${started.checkoutId}`, checkout!.gatewayRef!, started.totalCents);
  await sendWebhook(t, { ...completed, object: { ...completed.object, customer: 'cus_standin_saved' } });
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.familyId, family.familyId!));
  return { family, started, sub: sub! };
}
