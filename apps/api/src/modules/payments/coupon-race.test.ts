import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { checkouts, couponRedemptions, coupons } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createProgram } from '../../../test/enrollment-fixtures.ts';
import { holdSeat, payingFamily, post } from '../../../test/payment-fixtures.ts';

/**
 * Coupon limits under concurrent checkouts. PGlite has one connection, so requests cannot
 * interleave there and this would prove nothing: PostgreSQL only (`npm run test:api:pg`).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('coupon limits under concurrent use (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const live = (couponId: string) =>
    t.db
      .select()
      .from(couponRedemptions)
      .where(
        and(eq(couponRedemptions.couponId, couponId), inArray(couponRedemptions.status, ['reserved', 'redeemed'])),
      );

  it('20 families redeeming a 5-use code at once: exactly 5 get it', async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: 'RACE5', kind: 'percent', percentOff: 10, maxRedemptions: 5 })
      .returning();
    // A program each, so the program locks do not serialise the checkouts: only the coupon's lock can.
    const families = await Promise.all(Array.from({ length: 20 }, () => payingFamily(t, 1)));
    const programs = await Promise.all(families.map(() => createProgram(t)));
    const seats = await Promise.all(families.map((f, i) => holdSeat(t, f.headers, f.children[0]!, programs[i]!.id)));
    const results = await Promise.all(
      families.map((f, i) =>
        post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: [seats[i]], couponCode: 'RACE5' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(body(r)).toMatchObject({ status: 422, message: PAYMENT_MESSAGES.couponUsedUp });
    expect(await live(coupon!.id)).toHaveLength(5);
  });

  it('a checkout waits while another transaction holds the coupon, then counts its redemption (deterministic)', async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: 'LASTONE', kind: 'percent', percentOff: 10, maxRedemptions: 1 })
      .returning();
    const f = await payingFamily(t, 1);
    const seat = await holdSeat(t, f.headers, f.children[0]!, (await createProgram(t)).id);
    const g = await payingFamily(t, 0);
    const [other] = await t.db
      .insert(checkouts)
      .values({
        familyId: g.familyId,
        gateway: 'sandbox',
        currency: 'usd',
        subtotalCents: 100,
        siblingDiscountCents: 0,
        couponDiscountCents: 10,
        totalCents: 90,
        siblingPercent: 15,
        expiresAt: new Date(Date.now() + 1800_000),
      })
      .returning();
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let signalLocked!: () => void;
    const locked = new Promise<void>((resolve) => (signalLocked = resolve));
    const holder = t.db.transaction(async (tx) => {
      // A share lock: it makes a checkout that takes the coupon's row lock wait, but not the
      // foreign-key lock any insert referencing the coupon takes, so only the explicit lock is tested.
      await tx.select().from(coupons).where(eq(coupons.id, coupon!.id)).for('share');
      await tx.insert(couponRedemptions).values({ couponId: coupon!.id, checkoutId: other!.id, familyId: g.familyId });
      signalLocked();
      await paused;
    });
    await locked;
    const request = post(t, '/api/stripe-single-payment/initiate', f.headers, {
      enrollmentIds: [seat],
      couponCode: 'LASTONE',
    });
    await new Promise((r) => setTimeout(r, 300));
    resume();
    await holder;
    expect(body(await request)).toMatchObject({ status: 422, message: PAYMENT_MESSAGES.couponUsedUp });
    expect(await live(coupon!.id)).toHaveLength(1);
  });

  it('one family racing three checkouts with a once-per-family code gets it once', async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: 'ONEPERFAMILY', kind: 'amount', amountOffCents: 1500, maxPerFamily: 1 })
      .returning();
    const f = await payingFamily(t, 3);
    const programs = await Promise.all([0, 1, 2].map(() => createProgram(t)));
    const seats = await Promise.all(f.children.map((kid, i) => holdSeat(t, f.headers, kid, programs[i]!.id)));
    const results = await Promise.all(
      seats.map((id) =>
        post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: [id], couponCode: 'ONEPERFAMILY' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(body(r).message).toBe(PAYMENT_MESSAGES.couponFamilyLimit);
    expect(await live(coupon!.id)).toHaveLength(1);
  });
});
