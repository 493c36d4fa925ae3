import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, enrollments, paymentEvents, transactions } from '@kikstart/db';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { holdSeat, initiate, mailsOf, payingFamily, post, termPrograms } from '../../../test/payment-fixtures.ts';
import {
  sendWebhook,
  sessionCompleted,
  startStripeStandIn,
  type StripeStandIn,
} from '../../../test/stripe-stand-in.ts';
import { AMOUNT_MISMATCH } from './payment-events.ts';

let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(standIn.env);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

/** A family with a held seat and an open Stripe checkout for it. */
async function openCheckout(price = 12_000) {
  const family = await payingFamily(t, 1);
  const [program] = await termPrograms(t, [price]);
  const enrollmentId = await holdSeat(t, family.headers, family.children[0]!, program!.id);
  const started = await initiate(t, family.headers, [enrollmentId]);
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
  return { family, enrollmentId, started, sessionId: row!.gatewayRef! };
}

const statusOf = async (enrollmentId: string) =>
  (await t.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId)))[0]!.status;
const confirmOnReturn = async (headers: Record<string, string>, checkoutId: string) =>
  body<CheckoutOutcome>(await post(t, '/api/stripe-subscription/single-payment', headers, { checkoutId })).data;

describe('Stripe webhook', () => {
  it('confirms the seats only when the signed webhook arrives, never on the redirect alone', async () => {
    const { family, enrollmentId, started, sessionId } = await openCheckout();
    expect(started.redirectUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const create = standIn.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.params.get('client_reference_id') === started.checkoutId,
    );
    expect(create!.idempotencyKey).toBe(`checkout:${started.checkoutId}`);
    expect(create!.params.get('line_items[0][price_data][unit_amount]')).toBe('12000');

    // The parent comes back to the success page before Stripe told us anything: still open.
    expect((await confirmOnReturn(family.headers, started.checkoutId)).state).toBe('open');
    expect(await statusOf(enrollmentId)).toBe('pending_payment');

    const res = await sendWebhook(t, sessionCompleted('evt_paid_1', sessionId, 12_000));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(enrollmentId)).toBe('confirmed');
    const outcome = await confirmOnReturn(family.headers, started.checkoutId);
    expect(outcome.state).toBe('paid');
    expect(await mailsOf(t, family.email, 'payment-receipt')).toHaveLength(1);
  });

  it('webhooks arriving together each confirm their own payment once', async () => {
    const opened = await Promise.all([1, 2, 3].map(() => openCheckout()));
    const sent = await Promise.all(
      opened.map((o, i) => sendWebhook(t, sessionCompleted(`evt_together_${i}`, o.sessionId, 12_000))),
    );
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const o of opened) {
      expect(await statusOf(o.enrollmentId)).toBe('confirmed');
      const paid = await t.db.select().from(transactions).where(eq(transactions.checkoutId, o.started.checkoutId));
      expect(paid.map((p) => [p.kind, p.status, p.amountCents])).toEqual([['payment', 'succeeded', 12_000]]);
      expect(await mailsOf(t, o.family.email, 'payment-receipt')).toHaveLength(1);
    }
  });

  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const { enrollmentId, sessionId } = await openCheckout();
    for (const opts of [{ signature: null }, { signature: 't=1,v1=deadbeef' }, { secret: 'whsec_someone_else' }]) {
      const res = await sendWebhook(t, sessionCompleted('evt_forged', sessionId, 12_000), opts);
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await statusOf(enrollmentId)).toBe('pending_payment');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'))).toHaveLength(0);
  });

  it('applies a replayed event and events out of order once', async () => {
    const { family, enrollmentId, started, sessionId } = await openCheckout();
    const paid = sessionCompleted('evt_paid_replay', sessionId, 12_000);
    for (let i = 0; i < 3; i++) expect((await sendWebhook(t, paid)).statusCode).toBe(200);
    // The same payment reported again by payment_intent.succeeded, then a late "expired".
    await sendWebhook(t, {
      id: 'evt_pi_succeeded',
      type: 'payment_intent.succeeded',
      object: {
        id: `pi_for_${sessionId}`,
        object: 'payment_intent',
        amount_received: 12_000,
        currency: 'usd',
        customer: null,
        metadata: { checkoutId: started.checkoutId },
      },
    });
    await sendWebhook(t, { id: 'evt_expired_late', type: 'checkout.session.expired', object: { id: sessionId } });
    expect(await statusOf(enrollmentId)).toBe('confirmed');
    const rows = await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId));
    expect(rows.map((r) => r.kind)).toEqual(['payment']);
    expect(await mailsOf(t, family.email, 'payment-receipt')).toHaveLength(1);
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    expect(checkout!.status).toBe('paid');
  });

  it('an expired session releases the checkout; the seat stays held', async () => {
    const { enrollmentId, started, sessionId } = await openCheckout();
    await sendWebhook(t, { id: 'evt_expired', type: 'checkout.session.expired', object: { id: sessionId } });
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    expect(checkout!.status).toBe('expired');
    expect(await statusOf(enrollmentId)).toBe('pending_payment');
  });

  it('does not confirm a payment whose amount differs from the checkout total, and refunds it', async () => {
    const { family, enrollmentId, started, sessionId } = await openCheckout();
    await sendWebhook(t, sessionCompleted('evt_paid_short', sessionId, 100));
    expect(await statusOf(enrollmentId)).toBe('pending_payment');
    const outcome = await confirmOnReturn(family.headers, started.checkoutId);
    expect(outcome.state).toBe('failed');
    expect(outcome.failureReason).toBe(AMOUNT_MISMATCH);
    const [refund] = await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId));
    expect(refund).toMatchObject({ kind: 'refund', amountCents: 100, status: 'succeeded' });
    const sent = standIn.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === `pi_for_${sessionId}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(`refund:mismatch:pi_for_${sessionId}`);
  });

  it('a matching event after a mismatch refund does not confirm the seat the payment was refunded for', async () => {
    const { enrollmentId, started, sessionId } = await openCheckout();
    await sendWebhook(t, sessionCompleted('evt_short_first', sessionId, 100));
    // The same payment, now reported with the checkout's own amount (a replay or an edited event).
    await sendWebhook(t, sessionCompleted('evt_full_after', sessionId, 12_000));
    expect(await statusOf(enrollmentId)).toBe('pending_payment');
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    expect(checkout).toMatchObject({ status: 'failed', failureReason: AMOUNT_MISMATCH });
    const rows = await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId));
    expect(rows.map((r) => r.kind)).toEqual(['refund']);
  });

  it('a payment made in another currency is refunded in the currency it was paid in', async () => {
    const { started, sessionId } = await openCheckout();
    await sendWebhook(t, sessionCompleted('evt_paid_in_eur', sessionId, 12_000, 'eur'));
    const [refund] = await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId));
    expect(refund).toMatchObject({ kind: 'refund', amountCents: 12_000, currency: 'eur' });
    const sent = standIn.requests.filter(
      (r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === `pi_for_${sessionId}`,
    );
    expect(sent).toHaveLength(1);
  });

  it('records a refund made in the Stripe dashboard once (charge.refunded)', async () => {
    const { started, sessionId } = await openCheckout();
    await sendWebhook(t, sessionCompleted('evt_paid_for_refund', sessionId, 12_000));
    const refunded = {
      id: 'evt_charge_refunded',
      type: 'charge.refunded',
      object: { id: 'ch_1', object: 'charge', payment_intent: `pi_for_${sessionId}`, amount_refunded: 5_000 },
    };
    await sendWebhook(t, refunded);
    await sendWebhook(t, refunded);
    const refunds = (
      await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId))
    ).filter((r) => r.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 5_000, status: 'succeeded' });
  });

  it('answers 400 with a code for a body that is not an event, and for hostile input', async () => {
    for (const payload of ['', 'not json', '{"id":1}', 'x'.repeat(10_000)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBeTruthy();
    }
  });
});
