import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  checkoutLines,
  checkouts,
  couponRedemptions,
  coupons,
  enrollments,
  refundRequests,
  transactions,
} from '@kikstart/db';
import { PAYMENT_MESSAGES, type Receipt, type Transaction } from '@kikstart/contract/payments';
import type { Paged } from '@kikstart/contract/common';
import { body, createTestApp, TEST_PUBLIC_URL as publicUrl, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { verifiedParent } from '../../../test/user-fixtures.ts';
import { addChild, createProgram, daysFromNow } from '../../../test/enrollment-fixtures.ts';
import {
  cardEventFor,
  holdSeat,
  initiate,
  mailsOf,
  pay,
  payingFamily,
  post,
  termPrograms,
} from '../../../test/payment-fixtures.ts';
import { expireLapsedHoldsAndOffers, seatsTaken } from '../enrollments/enrollment-seats.ts';
import { expireLapsedCheckouts } from './checkout.service.ts';
import { applyPaymentEvent } from './payment-events.ts';
import { settlePendingRefunds } from './refunds.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
const checkoutOf = async (id: string) => (await t.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;
const sweep = () => expireLapsedHoldsAndOffers({ db: t.db, publicUrl, now: clock.now() });
const settle = () =>
  settlePendingRefunds({ db: t.db, gateway: createSandboxGateway({ db: t.db, publicUrl }), now: clock.now() });
/** A payment the gateway reports after the checkout ended (a late Stripe webhook). */
async function latePayment(checkoutId: string) {
  const event = await cardEventFor(t, checkoutId);
  return applyPaymentEvent({ db: t.db, event, now: clock.now(), publicUrl });
}
const listOf = async (headers: Record<string, string>) =>
  body<Paged<Transaction>>(await t.app.inject({ url: '/api/transaction/list', headers })).data.items;

describe('holds while a payment is open', () => {
  it('the hold is extended to the checkout, and no reminder or lapse mail goes out while the payment is open', async () => {
    const f = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900]);
    const id = await holdSeat(t, f.headers, f.children[0]!, p!.id);
    clock.advanceMinutes(20);
    const started = await initiate(t, f.headers, [id]);
    clock.advanceMinutes(25); // 45 minutes after the hold began: the original hold is over.
    await sweep();
    expect((await rowOf(id)).status).toBe('pending_payment');
    expect(await mailsOf(t, f.email, 'hold-reminder')).toHaveLength(0);
    // Even a hold that ends before the checkout stays while the payment is open.
    await t.db
      .update(enrollments)
      .set({ holdExpiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(enrollments.id, id));
    await sweep();
    expect((await rowOf(id)).status).toBe('pending_payment');
    expect(await mailsOf(t, f.email, 'hold-lapsed')).toHaveLength(0);
    expect((await pay(t, f.headers, started.checkoutId)).state).toBe('paid');
  });
});

describe('a payment that succeeds after its hold lapsed', () => {
  it('takes the seat when one is free', async () => {
    const f = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900], { capacity: 2 });
    const id = await holdSeat(t, f.headers, f.children[0]!, p!.id);
    const started = await initiate(t, f.headers, [id]);
    clock.advanceMinutes(31);
    await sweep();
    expect(await expireLapsedCheckouts({ db: t.db, now: clock.now() })).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id)).status).toBe('expired');
    expect((await checkoutOf(started.checkoutId)).status).toBe('expired');
    expect(
      (
        await post(t, '/api/sandbox/checkout/pay', f.headers, {
          checkoutId: started.checkoutId,
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
          name: 'A',
        })
      ).statusCode,
    ).toBe(409);

    expect(await latePayment(started.checkoutId)).toMatchObject({ applied: true, written: { refundQueued: false } });
    expect(await rowOf(id)).toMatchObject({ status: 'confirmed', endedAt: null });
    expect((await checkoutOf(started.checkoutId)).status).toBe('paid');
    expect(await mailsOf(t, f.email, 'payment-receipt')).toHaveLength(1);
  });

  it('is refunded automatically, with a mail saying so, when the seat is gone: never oversold', async () => {
    const late = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900], { capacity: 1 });
    const id = await holdSeat(t, late.headers, late.children[0]!, p!.id);
    const started = await initiate(t, late.headers, [id]);
    clock.advanceMinutes(31);
    await sweep();
    const other = await payingFamily(t, 1);
    await holdSeat(t, other.headers, other.children[0]!, p!.id);

    await latePayment(started.checkoutId);
    expect((await rowOf(id)).status).toBe('expired');
    expect(await seatsTaken(t.db, p!.id)).toBe(1);
    const [mail] = await mailsOf(t, late.email, 'payment-seat-refunded');
    expect(mail!.text).toContain('refunding the $199.00');
    expect(await mailsOf(t, late.email, 'payment-receipt')).toHaveLength(0);
    expect((await listOf(late.headers)).map((x) => [x.kind, x.status, x.amountCents])).toEqual(
      expect.arrayContaining([
        ['payment', 'succeeded', 19900],
        ['refund', 'pending', 19900],
      ]),
    );
    expect(await settle()).toBeGreaterThanOrEqual(1);
    expect(await settle()).toBe(0);
    const [refund] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, started.checkoutId), eq(transactions.kind, 'refund')));
    expect(refund).toMatchObject({ status: 'succeeded', gatewayRef: expect.stringMatching(/^sbx_re_/) });
    const payment = (await listOf(late.headers)).find((x) => x.kind === 'payment')!;
    const receipt = body<Receipt>(
      await t.app.inject({ url: `/api/transaction/receipt?id=${payment.id}`, headers: late.headers }),
    ).data;
    expect(receipt).toMatchObject({ refundedCents: 19900, lines: [{ status: 'refunded' }] });
  });
});

describe('coupons: reserved with the checkout, released when it lapses, counted when paid', () => {
  it('a one-use code is taken while a checkout holds it and free again when that checkout lapses', async () => {
    await t.db.insert(coupons).values({ code: 'ONCEONLY', kind: 'amount', amountOffCents: 1000, maxRedemptions: 1 });
    const a = await payingFamily(t, 1);
    const b = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900]);
    const seatA = await holdSeat(t, a.headers, a.children[0]!, p!.id);
    const started = await initiate(t, a.headers, [seatA], 'ONCEONLY');
    const seatB = await holdSeat(t, b.headers, b.children[0]!, p!.id);
    const refused = await post(t, '/api/stripe-single-payment/initiate', b.headers, {
      enrollmentIds: [seatB],
      couponCode: 'ONCEONLY',
    });
    expect(body(refused)).toMatchObject({ status: 422, message: PAYMENT_MESSAGES.couponUsedUp });

    clock.advanceMinutes(31);
    await expireLapsedCheckouts({ db: t.db, now: clock.now() });
    const [released] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutId, started.checkoutId));
    expect(released!.status).toBe('released');
    // B's first hold lapsed with the clock; B holds a seat again and now gets the code.
    const seatB2 = await holdSeat(t, b.headers, b.children[0]!, (await createProgram(t)).id);
    const paid = await pay(t, b.headers, (await initiate(t, b.headers, [seatB2], 'ONCEONLY')).checkoutId);
    expect(paid.breakdown.couponDiscountCents).toBe(1000);
  });
});

describe('the sibling discount across two baskets', () => {
  it('a child paid for earlier in the term makes a sibling paid later a second child; another term does not', async () => {
    const f = await payingFamily(t, 2);
    const [x, y] = await termPrograms(t, [20000, 20000]);
    const nextTerm = await createProgram(t, {
      priceCents: 20000,
      firstDate: daysFromNow(120),
      lastDate: daysFromNow(160),
    });
    const first = await initiate(t, f.headers, [await holdSeat(t, f.headers, f.children[0]!, x!.id)]);
    expect(first.breakdown.siblingDiscountCents).toBe(0);
    await pay(t, f.headers, first.checkoutId);

    const sameTerm = await holdSeat(t, f.headers, f.children[1]!, y!.id);
    const later = await holdSeat(t, f.headers, f.children[1]!, nextTerm.id);
    const second = await initiate(t, f.headers, [sameTerm, later]);
    const byId = Object.fromEntries(second.breakdown.lines.map((l) => [l.enrollmentId, l]));
    expect(byId[sameTerm]).toMatchObject({ siblingDiscountCents: 3000, totalCents: 17000 });
    expect(byId[later]).toMatchObject({ siblingDiscountCents: 0, totalCents: 20000 });
  });
});

describe('drop-out of a paid seat', () => {
  it('before the first session refunds the line in full; after it, a refund request waits for staff', async () => {
    const f = await payingFamily(t, 2);
    const [soon] = await termPrograms(t, [19900]);
    const started = await createProgram(t, {
      priceCents: 25900,
      firstDate: daysFromNow(-3),
      lastDate: daysFromNow(40),
    });
    const a = await holdSeat(t, f.headers, f.children[0]!, soon!.id);
    const b = await holdSeat(t, f.headers, f.children[1]!, started.id);
    await pay(t, f.headers, (await initiate(t, f.headers, [a, b])).checkoutId);

    expect(
      (await post(t, '/api/children/drop-out', f.headers, { enrollmentId: a, reason: 'Moving away' })).statusCode,
    ).toBe(200);
    const refund = (await listOf(f.headers)).find((x) => x.kind === 'refund')!;
    // What the line paid: the $199 seat is the second child's in this term (15% off).
    expect(refund).toMatchObject({
      status: 'pending',
      amountCents: 16915,
      description: expect.stringContaining('before the first session'),
    });
    await settle();
    expect((await listOf(f.headers)).find((x) => x.kind === 'refund')!.status).toBe('succeeded');

    expect(
      (await post(t, '/api/children/drop-out', f.headers, { enrollmentId: b, reason: 'Not enjoying it' })).statusCode,
    ).toBe(200);
    expect((await listOf(f.headers)).filter((x) => x.kind === 'refund')).toHaveLength(1);
    const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.enrollmentId, b));
    expect(request).toMatchObject({
      status: 'pending',
      reason: 'Not enjoying it',
      amountCents: 25900,
      currency: 'usd',
    });
  });
});

describe('account deletion and export', () => {
  it('the export includes payments; deletion keeps them for accounting without the family or names', async () => {
    const parent = await verifiedParent(t);
    const kid = await addChild(t, parent.headers, { firstName: 'Nora' });
    const [p] = await termPrograms(t, [19900]);
    const started = await initiate(t, parent.headers, [await holdSeat(t, parent.headers, kid, p!.id)]);
    await pay(t, parent.headers, started.checkoutId);
    const exported = body<{
      family: {
        payments: {
          checkouts: { id: string; totalCents: number; lines: { childName: string }[] }[];
          transactions: { kind: string }[];
        };
      };
    }>(await t.app.inject({ url: '/api/user/export', headers: parent.headers })).data;
    expect(exported.family.payments.checkouts).toEqual([
      expect.objectContaining({
        id: started.checkoutId,
        totalCents: 19900,
        lines: [expect.objectContaining({ childName: 'Nora Martinez' })],
      }),
    ]);
    expect(exported.family.payments.transactions.map((x) => x.kind)).toEqual(['payment']);

    const deleted = await post(t, '/api/user/delete-account', parent.headers, { password: parent.password });
    expect(deleted.statusCode).toBe(200);
    const c = await checkoutOf(started.checkoutId);
    expect(c).toMatchObject({ familyId: null, createdBy: null, totalCents: 19900, status: 'paid' });
    const lines = await t.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, c.id));
    expect(lines).toEqual([
      expect.objectContaining({ childName: null, enrollmentId: null, totalCents: 19900, programTitle: p!.title }),
    ]);
    const kept = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, c.id), isNull(transactions.familyId)));
    expect(kept.map((x) => [x.kind, x.amountCents])).toEqual([['payment', 19900]]);
  });
});
