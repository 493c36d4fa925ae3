import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  checkoutLines,
  checkouts,
  couponRedemptions,
  coupons,
  enrollments,
  paymentEvents,
  transactions,
} from '@kikstart/db';
import {
  PAYMENT_MESSAGES,
  type Breakdown,
  type CheckoutOutcome,
  type Receipt,
  type SandboxCheckout,
  type Transaction,
} from '@kikstart/contract/payments';
import type { Paged } from '@kikstart/contract/common';
import { body, TEST_PUBLIC_URL as publicUrl, useTestApp } from '../../../test/test-app.ts';
import {
  CARDS,
  holdSeat,
  initiate,
  mailsOf,
  pay,
  payWith,
  payingFamily,
  post,
  termPrograms,
} from '../../../test/payment-fixtures.ts';
import { applyPaymentEvent } from './payment-events.ts';
import { sandboxCardEvent } from './sandbox-gateway.ts';

const t = useTestApp();

const rowOf = async (id: string) => (await t.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
const count = async (table: typeof checkouts | typeof transactions | typeof paymentEvents | typeof couponRedemptions) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Two children held in two overlapping programs (one term): $300 and $200. */
async function twoSeats() {
  const f = await payingFamily(t, 2);
  const [x, y] = await termPrograms(t, [30000, 20000]);
  const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
  const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
  return { ...f, a, b, x: x!, y: y! };
}

describe('POST /stripe-single-payment/initiate', () => {
  it('prices on the server: sibling discount on the lower-priced child, then the coupon; holds extend to the checkout', async () => {
    const f = await twoSeats();
    const before = (await rowOf(f.b)).holdExpiresAt!;
    const started = await initiate(t, f.headers, [f.a, f.b], 'welcome10');
    const byId = Object.fromEntries(started.breakdown.lines.map((l) => [l.enrollmentId, l]));
    expect(byId[f.a]).toMatchObject({
      childName: 'Kid0 Martinez',
      priceCents: 30000,
      siblingDiscountCents: 0,
      couponDiscountCents: 3000,
      totalCents: 27000,
    });
    expect(byId[f.b]).toMatchObject({
      childName: 'Kid1 Martinez',
      priceCents: 20000,
      siblingDiscountCents: 3000,
      couponDiscountCents: 1700,
      totalCents: 15300,
    });
    expect(started.breakdown).toMatchObject({
      subtotalCents: 50000,
      siblingDiscountCents: 3000,
      couponDiscountCents: 4700,
      totalCents: 42300,
      currency: 'usd',
      siblingPercent: 15,
      coupon: { code: 'WELCOME10' },
    });
    expect(started.redirectUrl).toBe(`http://localhost:3000/checkout/sandbox?id=${started.checkoutId}`);
    const expiresAt = new Date(started.expiresAt);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await rowOf(f.b)).holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(
      Math.max(before.getTime(), expiresAt.getTime()),
    );
    const [reserved] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutId, started.checkoutId));
    expect(reserved!.status).toBe('reserved');
  });

  it('amounts never come from the client: prices, totals or discounts in the body are refused and nothing is stored', async () => {
    const f = await twoSeats();
    const checkoutsBefore = await count(checkouts);
    for (const extra of [
      { totalCents: 1 },
      { amountCents: 1 },
      { priceCents: 1 },
      { siblingDiscountCents: 50000 },
      { breakdown: { totalCents: 1 } },
    ]) {
      const res = await post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: [f.a], ...extra });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toMatch(/^Unexpected field/);
    }
    expect(await count(checkouts)).toBe(checkoutsBefore);
    // The card form carries no amount either: the payment is the checkout's own total.
    const started = await initiate(t, f.headers, [f.a]);
    const sneaky = await post(t, '/api/sandbox/checkout/pay', f.headers, {
      checkoutId: started.checkoutId,
      cardNumber: CARDS.ok,
      expiry: '12/40',
      cvc: '123',
      name: 'A',
      amountCents: 1,
    });
    expect(sneaky.statusCode).toBe(400);
    await pay(t, f.headers, started.checkoutId);
    const [payment] = await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId));
    expect(payment!.amountCents).toBe(30000);
  });

  it('bad input is a 400 with a clear message, never a 500, and stores nothing', async () => {
    const f = await twoSeats();
    const before = await count(checkouts);
    const cases: [unknown, string][] = [
      [{}, PAYMENT_MESSAGES.basketEmpty],
      [{ enrollmentIds: [] }, PAYMENT_MESSAGES.basketEmpty],
      [{ enrollmentIds: 'all' }, PAYMENT_MESSAGES.basketEmpty],
      [{ enrollmentIds: ['not-a-uuid'] }, 'Must be a valid id'],
      [{ enrollmentIds: Array.from({ length: 21 }, () => crypto.randomUUID()) }, PAYMENT_MESSAGES.basketTooLarge],
      [{ enrollmentIds: [f.a, f.a] }, PAYMENT_MESSAGES.duplicateLine],
      [{ enrollmentIds: [f.a], couponCode: '<script>alert(1)</script>' }, PAYMENT_MESSAGES.couponUnknown],
      [{ enrollmentIds: [f.a], couponCode: 'A\u0000B' }, PAYMENT_MESSAGES.couponUnknown],
      [{ enrollmentIds: [f.a], couponCode: 'X'.repeat(5000) }, PAYMENT_MESSAGES.couponUnknown],
      [{ enrollmentIds: [f.a], couponCode: 42 }, PAYMENT_MESSAGES.couponRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await post(t, '/api/stripe-single-payment/initiate', f.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.values(body(res).errors ?? {})).toContain(message);
    }
    const unknownCoupon = await post(t, '/api/stripe-single-payment/initiate', f.headers, {
      enrollmentIds: [f.a],
      couponCode: 'NOSUCHCODE',
    });
    expect(unknownCoupon.statusCode).toBe(422);
    expect(body(unknownCoupon)).toMatchObject({
      message: PAYMENT_MESSAGES.couponUnknown,
      errors: { code: PAYMENT_MESSAGES.couponUnknown },
    });
    expect(await count(checkouts)).toBe(before);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/stripe-single-payment/initiate',
          payload: { enrollmentIds: [f.a] },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("another parent's seats, checkouts and receipts are 404; a seat already in an open payment is 409", async () => {
    const f = await twoSeats();
    const other = await payingFamily(t, 0);
    const started = await initiate(t, f.headers, [f.a]);
    const refused = [
      await post(t, '/api/stripe-single-payment/initiate', other.headers, { enrollmentIds: [f.b] }),
      await post(t, '/api/coupon/verify', other.headers, { enrollmentIds: [f.b], code: 'WELCOME10' }),
      await post(t, '/api/stripe-subscription/single-payment', other.headers, { checkoutId: started.checkoutId }),
      await payWith(t, other.headers, started.checkoutId, CARDS.ok),
      await t.app.inject({ url: `/api/sandbox/checkout?id=${started.checkoutId}`, headers: other.headers }),
    ];
    for (const res of refused) expect(res.statusCode, res.body).toBe(404);
    const busy = await post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: [f.a, f.b] });
    expect(body(busy)).toMatchObject({ status: 409, message: PAYMENT_MESSAGES.seatInCheckout });

    expect(
      (await post(t, '/api/stripe-single-payment/cancel', other.headers, { checkoutId: started.checkoutId }))
        .statusCode,
    ).toBe(404);
    const paid = await pay(t, f.headers, started.checkoutId);
    const receipt = await t.app.inject({
      url: `/api/transaction/receipt?id=${paid.transactionId}`,
      headers: other.headers,
    });
    expect(receipt.statusCode).toBe(404);
    const again = await post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: [f.a] });
    expect(body(again)).toMatchObject({ status: 409, message: PAYMENT_MESSAGES.seatNotHeld });
  });
});

describe('paying in the sandbox', () => {
  it('a paid checkout confirms the seats, mails the receipt, lists the payment and has a printable receipt', async () => {
    const f = await twoSeats();
    const started = await initiate(t, f.headers, [f.a, f.b], 'SPRING25');
    const page = body<SandboxCheckout>(
      await t.app.inject({ url: `/api/sandbox/checkout?id=${started.checkoutId}`, headers: f.headers }),
    ).data;
    expect(page).toMatchObject({ state: 'open', breakdown: { totalCents: started.breakdown.totalCents } });
    expect(page.testCards.map((c) => c.number)).toContain('4242 4242 4242 4242');

    const paid = await pay(t, f.headers, started.checkoutId);
    expect(paid.state).toBe('paid');
    for (const id of [f.a, f.b])
      expect(await rowOf(id)).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });
    const [mail] = await mailsOf(t, f.email, 'payment-receipt');
    expect(mail!.subject).toBe('2 enrollments confirmed');
    expect(mail!.text).toContain('Kid1 Martinez in');
    expect(mail!.links[0]).toContain(`/account/transactions/${paid.transactionId}/receipt`);

    const confirmed = await post(t, '/api/stripe-subscription/single-payment', f.headers, {
      checkoutId: started.checkoutId,
    });
    expect(body<CheckoutOutcome>(confirmed)).toMatchObject({
      message: PAYMENT_MESSAGES.paid,
      data: { state: 'paid', transactionId: paid.transactionId },
    });

    const list = body<Paged<Transaction>>(
      await t.app.inject({ url: '/api/transaction/list?limit=5', headers: f.headers }),
    ).data;
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'payment',
        status: 'succeeded',
        amountCents: started.breakdown.totalCents,
        hasReceipt: true,
      }),
    ]);
    const receipt = body<Receipt>(
      await t.app.inject({ url: `/api/transaction/receipt?id=${paid.transactionId}`, headers: f.headers }),
    ).data;
    expect(receipt).toMatchObject({
      operator: {
        name: 'KikStart Sports & Enrichment',
        address: '2150 Mission Street, Suite 300, San Francisco, CA 94110',
      },
      subtotalCents: 50000,
      siblingDiscountCents: 3000,
      couponDiscountCents: 2500,
      coupon: 'SPRING25',
      totalCents: 44500,
      refundedCents: 0,
      currency: 'usd',
    });
    // $25 off split in proportion to what each line costs after the sibling discount ($300 and $170).
    expect(receipt.lines.map((l) => [l.childName, l.couponDiscountCents, l.totalCents, l.status])).toEqual(
      expect.arrayContaining([
        ['Kid0 Martinez', 1596, 28404, 'paid'],
        ['Kid1 Martinez', 904, 16096, 'paid'],
      ]),
    );
    expect(receipt.receiptNumber).toMatch(/^KS-\d{8}-[0-9A-F]{8}$/);
    const [redemption] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutId, started.checkoutId));
    expect(redemption!.status).toBe('redeemed');
  });

  it('the same sandbox event applied twice changes nothing the second time', async () => {
    const f = await twoSeats();
    const started = await initiate(t, f.headers, [f.a]);
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    const event = sandboxCardEvent('4242424242424242', {
      gatewayRef: checkout!.gatewayRef!,
      amountCents: checkout!.totalCents,
      currency: 'usd',
    })!;
    expect(await applyPaymentEvent({ db: t.db, event, now: new Date(), publicUrl })).toMatchObject({ applied: true });
    const snapshot = async () => ({
      tx: await count(transactions),
      events: await count(paymentEvents),
      mails: (await mailsOf(t, f.email, 'payment-receipt')).length,
      row: await rowOf(f.a),
    });
    const first = await snapshot();
    expect(await applyPaymentEvent({ db: t.db, event, now: new Date(Date.now() + 60_000), publicUrl })).toEqual({
      applied: false,
    });
    // The parent coming back re-reads the same event from the gateway: still nothing new.
    await post(t, '/api/stripe-subscription/single-payment', f.headers, { checkoutId: started.checkoutId });
    expect(await snapshot()).toEqual(first);
    expect(first.mails).toBe(1);
  });

  it('a declined card says why, leaves the seats held and the coupon free, and a new payment can start', async () => {
    const f = await twoSeats();
    const started = await initiate(t, f.headers, [f.a, f.b], 'WELCOME10');
    const declined = await payWith(t, f.headers, started.checkoutId, CARDS.declined);
    expect(body<CheckoutOutcome>(declined)).toMatchObject({
      status: 200,
      message: 'Your card was declined.',
      data: { state: 'failed', failureReason: 'Your card was declined.' },
    });
    for (const id of [f.a, f.b]) {
      const row = await rowOf(id);
      expect(row.status).toBe('pending_payment');
      expect(row.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    }
    const outcome = body<CheckoutOutcome>(
      await post(t, '/api/stripe-subscription/single-payment', f.headers, { checkoutId: started.checkoutId }),
    );
    expect(outcome).toMatchObject({ message: 'Your card was declined.', data: { state: 'failed' } });
    const list = body<Paged<Transaction>>(
      await t.app.inject({ url: '/api/transaction/list', headers: f.headers }),
    ).data;
    expect(list.items[0]).toMatchObject({
      kind: 'failed',
      failureReason: 'Your card was declined.',
      hasReceipt: false,
    });
    expect((await payWith(t, f.headers, started.checkoutId, CARDS.ok)).statusCode).toBe(409);

    const retry = await initiate(t, f.headers, [f.a, f.b], 'WELCOME10');
    const noFunds = await payWith(t, f.headers, retry.checkoutId, CARDS.noFunds);
    expect(body(noFunds).message).toBe('Your card has insufficient funds.');
    expect((await pay(t, f.headers, (await initiate(t, f.headers, [f.a, f.b])).checkoutId)).state).toBe('paid');
  });

  it('the card form refuses bad cards with a clear message and charges nothing', async () => {
    const f = await twoSeats();
    const started = await initiate(t, f.headers, [f.a]);
    const form = (over: Record<string, unknown>) =>
      post(t, '/api/sandbox/checkout/pay', f.headers, {
        checkoutId: started.checkoutId,
        cardNumber: CARDS.ok,
        expiry: '12/40',
        cvc: '123',
        name: 'Ana',
        ...over,
      });
    const expectations: [Record<string, unknown>, number, string][] = [
      [{ cardNumber: '1234' }, 400, PAYMENT_MESSAGES.cardNumber],
      [{ cardNumber: undefined }, 400, PAYMENT_MESSAGES.cardNumber],
      [{ expiry: '13/40' }, 400, PAYMENT_MESSAGES.cardExpiry],
      [{ expiry: '01/20' }, 422, PAYMENT_MESSAGES.cardExpired],
      [{ cvc: '12' }, 400, PAYMENT_MESSAGES.cardCvc],
      [{ name: '' }, 400, PAYMENT_MESSAGES.cardName],
      [{ name: 'A\u0007' }, 400, PAYMENT_MESSAGES.cardName],
      [
        { cardNumber: '5555 5555 5555 4444' },
        422,
        "The sandbox takes Stripe's test cards only: 4242 4242 4242 4242, 4000 0000 0000 0002, 4000 0000 0000 9995, 4000 0000 0000 0341",
      ],
    ];
    for (const [over, status, message] of expectations) {
      const res = await form(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(body(res).message).toBe(message);
    }
    expect(
      await t.db.select().from(paymentEvents).where(eq(paymentEvents.checkoutId, started.checkoutId)),
    ).toHaveLength(0);
    const open = body<CheckoutOutcome>(
      await post(t, '/api/stripe-subscription/single-payment', f.headers, { checkoutId: started.checkoutId }),
    );
    expect(open).toMatchObject({ message: PAYMENT_MESSAGES.open, data: { state: 'open' } });
  });
});

describe('POST /stripe-single-payment/cancel', () => {
  it('ends an open checkout: coupon released, seats still held and free for a new payment; a paid one is unchanged', async () => {
    const f = await twoSeats();
    const started = await initiate(t, f.headers, [f.a, f.b], 'WELCOME10');
    const cancelled = await post(t, '/api/stripe-single-payment/cancel', f.headers, { checkoutId: started.checkoutId });
    expect(body<CheckoutOutcome>(cancelled)).toMatchObject({
      status: 200,
      message: PAYMENT_MESSAGES.cancelled,
      data: { state: 'cancelled' },
    });
    const [redemption] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutId, started.checkoutId));
    expect(redemption!.status).toBe('released');
    expect((await rowOf(f.a)).status).toBe('pending_payment');
    expect((await payWith(t, f.headers, started.checkoutId, CARDS.ok)).statusCode).toBe(409);
    const next = await initiate(t, f.headers, [f.a, f.b], 'WELCOME10');
    await pay(t, f.headers, next.checkoutId);
    const again = await post(t, '/api/stripe-single-payment/cancel', f.headers, { checkoutId: next.checkoutId });
    expect(body<CheckoutOutcome>(again).data.state).toBe('paid');
  });
});

describe('POST /coupon/verify', () => {
  it('answers the new breakdown, or a 422 saying why the code does not apply', async () => {
    const f = await twoSeats();
    const ok = await post(t, '/api/coupon/verify', f.headers, { enrollmentIds: [f.a, f.b], code: ' welcome10 ' });
    expect(body<Breakdown>(ok)).toMatchObject({
      status: 200,
      message: PAYMENT_MESSAGES.couponApplied,
      data: { couponDiscountCents: 4700, totalCents: 42300 },
    });
    const stem = await post(t, '/api/coupon/verify', f.headers, { enrollmentIds: [f.a], code: 'STEM20' });
    expect(body(stem)).toMatchObject({ status: 422, message: PAYMENT_MESSAGES.couponNotApplicable });
    await t.db
      .insert(coupons)
      .values({ code: 'OLDCODE', kind: 'percent', percentOff: 5, validUntil: new Date(Date.now() - 1000) });
    expect(
      body(await post(t, '/api/coupon/verify', f.headers, { enrollmentIds: [f.a], code: 'OLDCODE' })).message,
    ).toBe(PAYMENT_MESSAGES.couponExpired);
    const missing = await post(t, '/api/coupon/verify', f.headers, { enrollmentIds: [f.a] });
    expect(body(missing)).toMatchObject({ status: 400, errors: { code: PAYMENT_MESSAGES.couponRequired } });
    // Verifying reserves nothing.
    expect(
      await t.db
        .select()
        .from(checkoutLines)
        .where(inArray(checkoutLines.enrollmentId, [f.a, f.b])),
    ).toHaveLength(0);
  });
});
