import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { checkouts, enrollments, subscriptions, transactions } from '@kikstart/db';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { holdSeat, initiate, mailsOf, payingFamily, post, termPrograms } from '../../../test/payment-fixtures.ts';
import { renewNow } from '../../../test/membership-fixtures.ts';
import {
  sendWebhook,
  sessionCompleted,
  startStripeStandIn,
  stripeMember as memberOf,
  type StripeStandIn,
} from '../../../test/stripe-stand-in.ts';
import { settlePendingRefunds } from './refunds.ts';

const clock = new ManualClock();
let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(standIn.env, undefined, { clock });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => clock.set(new Date()));

const stripeMember = () => memberOf(t);
const sessionOf = async (checkoutId: string) =>
  (await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!.gatewayRef!;

describe('Stripe gateway through the stand-in', () => {
  it('a plan is a payment-mode Checkout with a Customer that saves the card off-session, keyed by our ids', async () => {
    const { started, sub } = await stripeMember();
    const customer = standIn.requests.find((r) => r.idempotencyKey === `checkout:${started.checkoutId}:customer`);
    expect(customer?.path).toBe('/v1/customers');
    const session = standIn.requests.find((r) => r.idempotencyKey === `checkout:${started.checkoutId}`)!;
    expect(session.path).toBe('/v1/checkout/sessions');
    expect(session.params.get('mode')).toBe('payment');
    expect(session.params.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(session.params.get('customer')).toMatch(/^cus_standin_/);
    expect(sub).toMatchObject({
      status: 'active',
      customerRef: 'cus_standin_saved',
      paymentMethodRef: 'pm_standin_saved',
      cardLast4: '4242',
    });
  });

  it('renews with an off-session PaymentIntent keyed by period and attempt; a declined one takes the failed-renewal path', async () => {
    const { family, sub } = await stripeMember();
    clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    await renewNow(t);
    const renewal = standIn.requests.find((r) => r.idempotencyKey?.startsWith(`renewal:${sub.id}:`))!;
    expect(renewal.idempotencyKey).toBe(`renewal:${sub.id}:${sub.currentPeriodEnd.toISOString()}:1`);
    expect(renewal.params.get('off_session')).toBe('true');
    expect(renewal.params.get('payment_method')).toBe('pm_standin_saved');
    // The intent names its renewal, so its webhook can decide it when the answer is lost.
    expect(renewal.params.get('metadata[kind]')).toBe('renewal');
    expect(renewal.params.get('metadata[subscriptionId]')).toBe(sub.id);
    expect(renewal.params.get('metadata[periodStart]')).toBe(sub.currentPeriodEnd.toISOString());
    expect(renewal.params.get('metadata[attempt]')).toBe('1');
    const [renewed] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(renewed!.status).toBe('active');

    clock.set(new Date(renewed!.currentPeriodEnd.getTime() + 60_000));
    standIn.declineChargesMatching = sub.id;
    await renewNow(t);
    const [failed] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(failed).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(await mailsOf(t, family.email, 'membership-renewal-failed')).toHaveLength(1);

    // Its webhook, in either order with this answer: stripe-renewal-events.test.ts.
  });

  it('a drop-out refund goes to Stripe once, with the line idempotency key', async () => {
    const family = await payingFamily(t, 1);
    const [program] = await termPrograms(t, [15_000]);
    const enrollmentId = await holdSeat(t, family.headers, family.children[0]!, program!.id);
    const started = await initiate(t, family.headers, [enrollmentId]);
    const sessionId = await sessionOf(started.checkoutId);
    await sendWebhook(t, sessionCompleted(`evt_drop_${enrollmentId}`, sessionId, 15_000));
    const drop = await post(t, '/api/children/drop-out', family.headers, { enrollmentId, reason: 'Moving away' });
    expect(drop.statusCode).toBe(200);
    const gateway = t.app.paymentGateway;
    await settlePendingRefunds({ db: t.db, gateway, now: clock.now() });
    await settlePendingRefunds({ db: t.db, gateway, now: clock.now() });
    const [refund] = (
      await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId))
    ).filter((r) => r.kind === 'refund');
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 15_000 });
    const sent = standIn.requests.filter(
      (r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund:line:${refund!.checkoutLineId}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.get('payment_intent')).toBe(`pi_for_${sessionId}`);
    expect(sent[0]!.params.get('amount')).toBe('15000');
    const [seat] = await t.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    expect(seat!.status).not.toBe('confirmed');
  });

  it('the app makes one gateway and one Stripe client, which the routes, webhook and jobs share', async () => {
    expect(t.app.paymentGateway.name).toBe('stripe');
    expect(t.app.stripe).not.toBeNull();
    // Nothing but the plugin makes a gateway or a client (server.ts hands app.paymentGateway to the jobs).
    const src = resolve(import.meta.dirname, '../..');
    const makers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /(?<!function )\b(createPaymentGateways|create(Stripe|Sandbox|Manual)Gateway|stripeClient)\(/.test(
          readFileSync(join(src, file), 'utf8'),
        ),
      )
      .sort();
    expect(makers).toEqual([join('modules', 'payments', 'gateway.ts'), join('plugins', 'payment-gateways.ts')]);
  });

  it('cancelling a checkout expires the Stripe session', async () => {
    const family = await payingFamily(t, 1);
    const [program] = await termPrograms(t, [15_000]);
    const enrollmentId = await holdSeat(t, family.headers, family.children[0]!, program!.id);
    const started = await initiate(t, family.headers, [enrollmentId]);
    const sessionId = await sessionOf(started.checkoutId);
    const res = await post(t, '/api/stripe-single-payment/cancel', family.headers, { checkoutId: started.checkoutId });
    expect(res.statusCode).toBe(200);
    expect(standIn.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
  });
});
