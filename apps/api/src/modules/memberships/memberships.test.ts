import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { coveredChildren, enrollments, subscriptions, transactions } from '@kikstart/db';
import type { Plan, Subscription } from '@kikstart/contract/memberships';
import type { Enrollment } from '@kikstart/contract/enrollments';
import type { Paged } from '@kikstart/contract/common';
import type { Transaction } from '@kikstart/contract/payments';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { createUserWithSession, sessionFor } from '../../../test/user-fixtures.ts';
import { addChild, createProgram, daysFromNow, enroll } from '../../../test/enrollment-fixtures.ts';
import { CARDS, initiate, mailsOf, payingFamily, post } from '../../../test/payment-fixtures.ts';
import {
  FAILS_RENEWAL,
  MONTHLY,
  YEARLY,
  attach,
  billing,
  planId,
  renewNow,
  subscribe,
} from '../../../test/membership-fixtures.ts';
import { expireLapsedHoldsAndOffers } from '../enrollments/enrollment-seats.ts';

const DAY = 86_400_000;
let t: TestApp;
const clock = new ManualClock();

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());
beforeEach(() => clock.set(new Date()));

/** A covered program that runs long enough to outlast the periods these tests move through. */
const longProgram = (overrides: Record<string, unknown> = {}) =>
  createProgram(t, { lastDate: daysFromNow(200), ...overrides });

async function enrollmentRow(id: string) {
  const [row] = await t.db.select().from(enrollments).where(eq(enrollments.id, id));
  return row!;
}

async function subRow(familyId: string) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.familyId, familyId));
  return row!;
}

async function enrollOk(headers: Record<string, string>, childId: string, programId: string) {
  const res = await enroll(t, headers, childId, programId);
  expect(res.statusCode, res.body).toBe(200);
  return body<Enrollment>(res).data;
}

describe('GET /membership-pan/list', () => {
  it('answers both plans with price, interval, children covered, covered programs, and no waitlist priority', async () => {
    const covered = await createProgram(t);
    const notCovered = await createProgram(t, { coveredByMembership: false });
    const res = await t.app.inject({ url: '/api/membership-pan/list' });
    expect(res.statusCode).toBe(200);
    const plans = body<Plan[]>(res).data;
    expect(plans.map((p) => [p.slug, p.interval, p.maxChildren, p.priceCents])).toEqual([
      [MONTHLY, 'month', 2, 8900],
      [YEARLY, 'year', 4, 89000],
    ]);
    for (const plan of plans) {
      expect(plan.features.join(' ')).not.toMatch(/waitlist/i);
      expect(plan.coveredPrograms.map((p) => p.id)).toContain(covered.id);
      expect(plan.coveredPrograms.map((p) => p.id)).not.toContain(notCovered.id);
    }
  });
});

describe('subscribing and covering children', () => {
  it('starts the plan, lists the charge with a receipt, and covers attached children with no second payment', async () => {
    const f = await payingFamily(t, 3);
    const { outcome, message } = await subscribe(t, f.headers);
    expect(outcome.state).toBe('paid');
    expect(message).toBe('Your membership is active. Attach your children to cover them.');
    expect(outcome.subscription).toMatchObject({ status: 'active', cardLast4: '4242', plan: { slug: MONTHLY } });
    expect(outcome.subscription!.nextChargeAt).toBe(outcome.subscription!.currentPeriodEnd);

    const list = await t.app.inject({ url: '/api/transaction/list', headers: f.headers });
    const items = body<Paged<Transaction>>(list).data.items;
    expect(items).toEqual([
      expect.objectContaining({ kind: 'payment', amountCents: 8900, hasReceipt: true, id: outcome.transactionId }),
    ]);
    const receipt = await t.app.inject({
      url: `/api/transaction/receipt?id=${outcome.transactionId}`,
      headers: f.headers,
    });
    expect(receipt.statusCode).toBe(200);
    expect((await mailsOf(t, f.email, 'membership-started')).length).toBe(1);

    const [a, b, c] = f.children as [string, string, string];
    const first = await attach(t, f.headers, a);
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toMatch(/is now covered by your membership/);
    expect((await attach(t, f.headers, b)).statusCode).toBe(200);
    const third = await attach(t, f.headers, c);
    expect(third.statusCode).toBe(409);
    expect(body(third)).toMatchObject({
      code: 'CHILD_LIMIT',
      message:
        'Your Super Parent Monthly plan covers up to 2 children. Detach a child or upgrade your plan to add another.',
    });

    const program = await createProgram(t);
    const uncovered = await createProgram(t, { coveredByMembership: false });
    const covered = await enroll(t, f.headers, a, program.id);
    // The toast says there is nothing to pay, not the 30-minute hold of a seat to pay for.
    expect(body<Enrollment>(covered)).toMatchObject({
      data: { status: 'confirmed' },
      message: 'Enrolled, covered by your membership. There is nothing to pay.',
    });
    expect((await enrollOk(f.headers, b, program.id)).status).toBe('confirmed');
    const held = await enroll(t, f.headers, c, program.id);
    expect(body<Enrollment>(held)).toMatchObject({
      data: { status: 'pending_payment' },
      message: 'Seat reserved. Complete payment within 30 minutes to confirm it.',
    });
    expect((await enrollOk(f.headers, a, uncovered.id)).status).toBe('pending_payment');
    // No payment was made for the covered seats: still only the plan's charge.
    const after = await t.db.select().from(transactions).where(eq(transactions.familyId, f.familyId!));
    expect(after).toHaveLength(1);

    const check = await t.app.inject({
      url: `/api/children/check-program-enrollment?childId=${c}&programId=${uncovered.id}`,
      headers: f.headers,
    });
    expect(body<{ coveredByPlan: boolean }>(check).data.coveredByPlan).toBe(false);
  });

  it('attaching a child confirms the seats already held for it in covered programs', async () => {
    const f = await payingFamily(t, 1);
    const program = await createProgram(t);
    const held = await enrollOk(f.headers, f.children[0]!, program.id);
    expect(held.status).toBe('pending_payment');
    await subscribe(t, f.headers);
    expect((await attach(t, f.headers, f.children[0]!)).statusCode).toBe(200);
    expect((await enrollmentRow(held.id)).status).toBe('confirmed');
  });

  it('refuses a second plan, and a membership coupon applies to plans only', async () => {
    const f = await payingFamily(t, 1);
    const yearly = await planId(t, YEARLY);
    const wrong = await post(t, '/api/stripe-subscription/initiate', f.headers, {
      planId: yearly,
      couponCode: 'WELCOME10',
    });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message).toBe('This coupon code does not apply to memberships');
    const { checkout } = await subscribe(t, f.headers, { couponCode: 'superparent20' });
    expect(checkout).toMatchObject({ priceCents: 8900, couponDiscountCents: 1780, totalCents: 7120 });
    const second = await post(t, '/api/stripe-subscription/initiate', f.headers, { planId: yearly });
    expect(second.statusCode).toBe(409);
    expect(body(second).code).toBe('ALREADY_SUBSCRIBED');

    // The plan coupon is refused for program seats.
    const seat = await enrollOk(f.headers, f.children[0]!, (await createProgram(t, { coveredByMembership: false })).id);
    const onSeats = await post(t, '/api/coupon/verify', f.headers, { enrollmentIds: [seat.id], code: 'SUPERPARENT20' });
    expect(onSeats.statusCode).toBe(422);
  });

  it("refuses another family's child, checkout and a family without a membership", async () => {
    const owner = await payingFamily(t, 1);
    const { checkout } = await subscribe(t, owner.headers);
    const other = await payingFamily(t, 1);

    const notMine = await attach(t, owner.headers, other.children[0]!);
    expect(notMine.statusCode).toBe(404);
    expect(body(notMine)).toMatchObject({ code: 'NOT_FOUND', message: 'Child not found in your family' });
    const detachOther = await post(t, '/api/stripe-subscription/detach-child', owner.headers, {
      childId: other.children[0],
    });
    expect(detachOther.statusCode).toBe(404);
    const foreignCheckout = await post(t, '/api/stripe-subscription/create', other.headers, {
      checkoutId: checkout.checkoutId,
    });
    expect(foreignCheckout.statusCode).toBe(404);
    // A one-time payment's checkout is not a plan payment.
    const seat = await enrollOk(other.headers, other.children[0]!, (await createProgram(t)).id);
    const oneTime = await initiate(t, other.headers, [seat.id]);
    expect(
      (await post(t, '/api/stripe-subscription/create', other.headers, { checkoutId: oneTime.checkoutId })).statusCode,
    ).toBe(404);

    const noPlan = await attach(t, other.headers, other.children[0]!);
    expect(noPlan.statusCode).toBe(409);
    expect(body(noPlan).code).toBe('NO_MEMBERSHIP');
    expect((await post(t, '/api/stripe-subscription/cancel', other.headers, {})).statusCode).toBe(409);
    expect(await t.db.select().from(coveredChildren).where(eq(coveredChildren.childId, other.children[0]!))).toEqual(
      [],
    );
  });
});

describe('bad input on every membership endpoint', () => {
  const writes: [string, Record<string, unknown>][] = [
    ['/api/stripe-subscription/initiate', { planId: '00000000-0000-4000-8000-000000000000' }],
    ['/api/stripe-subscription/create', { checkoutId: '00000000-0000-4000-8000-000000000000' }],
    ['/api/stripe-subscription/enroll-super-child', { childId: '00000000-0000-4000-8000-000000000000' }],
    ['/api/stripe-subscription/detach-child', { childId: '00000000-0000-4000-8000-000000000000' }],
    ['/api/stripe-subscription/upgrade', { planId: '00000000-0000-4000-8000-000000000000' }],
    ['/api/stripe-subscription/cancel', {}],
  ];

  it.each(writes)(
    '%s: signed out is 401; missing, malformed, oversized and hostile bodies are 400 with a code',
    async (url, valid) => {
      const f = await createUserWithSession(t);
      expect((await post(t, url, {}, valid)).statusCode).toBe(401);
      const key = Object.keys(valid)[0];
      const bad: unknown[] = [
        { ...valid, priceCents: 1 },
        { ...valid, totalCents: 0, amountCents: -5 },
        ...(key
          ? [
              {},
              { [key]: 'not-an-id' },
              { [key]: "' or 1=1 --" },
              { [key]: 'a'.repeat(10_000) },
              { [key]: ['00000000-0000-4000-8000-000000000000'] },
              { [key]: null },
            ]
          : []),
      ];
      for (const payload of bad) {
        const res = await post(t, url, f.headers, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
        expect(body(res)).toHaveProperty('code');
      }
      // Not JSON at all: refused before the route runs.
      const text = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...f.headers, 'content-type': 'text/plain' },
        payload: 'x'.repeat(5000),
      });
      expect([400, 415]).toContain(text.statusCode);
      expect(body(text)).toHaveProperty('code');
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.familyId, f.familyId!))).toEqual([]);
    },
  );

  it('an unknown plan is 404, a bad coupon is 422 under couponCode, and a malformed coupon is 400', async () => {
    const f = await createUserWithSession(t);
    const unknown = await post(t, '/api/stripe-subscription/initiate', f.headers, {
      planId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const monthly = await planId(t, MONTHLY);
    const badCoupon = await post(t, '/api/stripe-subscription/initiate', f.headers, {
      planId: monthly,
      couponCode: 'NOSUCHCODE',
    });
    expect(badCoupon.statusCode).toBe(422);
    expect(body(badCoupon)).toMatchObject({ errors: { couponCode: 'This coupon code is not valid' } });
    const hostile = await post(t, '/api/stripe-subscription/initiate', f.headers, {
      planId: monthly,
      couponCode: '<script>alert(1)</script>',
    });
    expect(hostile.statusCode).toBe(400);
  });
});

describe('renewals, cancellation and upgrades (injected clock)', () => {
  it('renews on the saved card at the period end: the charge is in transactions with a receipt', async () => {
    const f = await payingFamily(t, 1);
    const { outcome } = await subscribe(t, f.headers);
    const end = new Date(outcome.subscription!.currentPeriodEnd);
    clock.set(new Date(end.getTime() - 60_000));
    await renewNow(t);
    expect((await subRow(f.familyId!)).currentPeriodEnd).toEqual(end);
    clock.set(new Date(end.getTime() + 60_000));
    await renewNow(t);
    // A second pass charges nothing more.
    await renewNow(t);

    const s = await sessionFor(t, f.email);
    const sub = (await billing(t, s.headers)).subscription!;
    expect(sub.status).toBe('active');
    expect(sub.currentPeriodStart).toBe(end.toISOString());
    expect(new Date(sub.currentPeriodEnd).getTime()).toBeGreaterThan(end.getTime() + 27 * DAY);
    const items = body<Paged<Transaction>>(await t.app.inject({ url: '/api/transaction/list', headers: s.headers }))
      .data.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ kind: 'payment', status: 'succeeded', amountCents: 8900, hasReceipt: true });
    expect(items[0]!.description).toMatch(/^Super Parent Monthly renewal, /);
    const receipt = await t.app.inject({ url: `/api/transaction/receipt?id=${items[0]!.id}`, headers: s.headers });
    expect(receipt.statusCode).toBe(200);
    expect((await mailsOf(t, f.email, 'membership-renewed')).length).toBe(1);
  });

  it('a failed renewal mails, shows on billing, retries twice over a week, then ends and holds the covered seats for 7 days', async () => {
    const f = await payingFamily(t, 1);
    const { outcome } = await subscribe(t, f.headers, { card: FAILS_RENEWAL });
    expect(outcome.subscription!.cardLast4).toBe('0341');
    await attach(t, f.headers, f.children[0]!);
    const program = await longProgram();
    const seat = await enrollOk(f.headers, f.children[0]!, program.id);
    expect(seat.status).toBe('confirmed');
    const due = new Date(outcome.subscription!.currentPeriodEnd).getTime();

    clock.set(new Date(due + 60_000));
    await renewNow(t);
    const s = await sessionFor(t, f.email);
    const failing = (await billing(t, s.headers)).subscription!;
    expect(failing.status).toBe('past_due');
    expect(failing.renewalFailure).toMatchObject({ reason: 'Your saved card was declined.', failedAttempts: 1 });
    expect(failing.renewalFailure!.nextAttemptAt).toBe(new Date(due + 3 * DAY).toISOString());
    expect((await mailsOf(t, f.email, 'membership-renewal-failed')).length).toBe(1);
    // Still covered while the card is retried.
    expect((await enrollmentRow(seat.id)).status).toBe('confirmed');

    clock.set(new Date(due + 3 * DAY - 60_000));
    await renewNow(t);
    expect((await subRow(f.familyId!)).failedAttempts).toBe(1);
    clock.set(new Date(due + 3 * DAY + 60_000));
    await renewNow(t);
    expect(await subRow(f.familyId!)).toMatchObject({ status: 'past_due', failedAttempts: 2 });
    expect((await subRow(f.familyId!)).nextAttemptAt).toEqual(new Date(due + 7 * DAY));
    clock.set(new Date(due + 7 * DAY + 60_000));
    await renewNow(t);

    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.familyId, f.familyId!));
    expect(ended).toMatchObject({ status: 'ended', endReason: 'renewal_failed', failedAttempts: 3 });
    const failed = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.familyId, f.familyId!), eq(transactions.kind, 'failed')));
    expect(failed).toHaveLength(3);
    const held = await enrollmentRow(seat.id);
    expect(held.status).toBe('pending_payment');
    expect(held.holdExpiresAt!.getTime()).toBe(due + 7 * DAY + 60_000 + 7 * DAY);
    expect((await mailsOf(t, f.email, 'membership-ended')).length).toBe(1);
    expect((await mailsOf(t, f.email, 'membership-seat-held')).length).toBe(1);

    // Not paid within 7 days: the hold sweeper releases the seat.
    clock.set(new Date(held.holdExpiresAt!.getTime() + 60_000));
    await expireLapsedHoldsAndOffers({ db: t.db, publicUrl: t.config.publicUrl, now: clock.now() });
    expect((await enrollmentRow(seat.id)).status).toBe('expired');
  });

  it('cancel keeps the seats confirmed until the period end, says the date, then holds them with a Pay button', async () => {
    const f = await payingFamily(t, 2);
    const { outcome } = await subscribe(t, f.headers);
    await attach(t, f.headers, f.children[0]!);
    const seat = await enrollOk(f.headers, f.children[0]!, (await longProgram()).id);
    const end = new Date(outcome.subscription!.currentPeriodEnd);
    const date = end.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

    const cancel = await post(t, '/api/stripe-subscription/cancel', f.headers, {});
    expect(cancel.statusCode).toBe(200);
    expect(body(cancel).message).toBe(
      `Your membership is cancelled. It stays active until ${date}, and is not charged again.`,
    );
    const sub = body<{ subscription: Subscription }>(cancel).data.subscription;
    expect(sub).toMatchObject({ cancelAtPeriodEnd: true, endsAt: end.toISOString(), nextChargeAt: null });
    expect(body(await post(t, '/api/stripe-subscription/cancel', f.headers, {})).message).toMatch(/already cancelled/);

    clock.set(new Date(end.getTime() - 60_000));
    await renewNow(t);
    expect((await subRow(f.familyId!)).status).toBe('active');
    expect((await enrollmentRow(seat.id)).status).toBe('confirmed');

    clock.set(new Date(end.getTime() + 60_000));
    await renewNow(t);
    expect(await subRow(f.familyId!)).toMatchObject({ status: 'ended', endReason: 'canceled' });
    const held = await enrollmentRow(seat.id);
    expect(held).toMatchObject({ status: 'pending_payment', subscriptionId: null });
    expect(held.holdExpiresAt!.getTime()).toBe(end.getTime() + 60_000 + 7 * DAY);
    // Only the first charge: a cancelled plan is never charged again.
    expect(await t.db.select().from(transactions).where(eq(transactions.familyId, f.familyId!))).toHaveLength(1);
    // The held seat can be paid at the checkout like any other.
    const s = await sessionFor(t, f.email);
    const checkout = await initiate(t, s.headers, [seat.id]);
    expect(checkout.breakdown.totalCents).toBe(held.priceCents);
  });

  it('upgrades monthly to yearly on the same membership, prorated, and the new child limit applies at once', async () => {
    const f = await payingFamily(t, 3);
    const { outcome } = await subscribe(t, f.headers);
    await attach(t, f.headers, f.children[0]!);
    await attach(t, f.headers, f.children[1]!);
    const start = new Date(outcome.subscription!.currentPeriodStart).getTime();
    const end = new Date(outcome.subscription!.currentPeriodEnd).getTime();
    // A quarter of the way through the month.
    clock.set(new Date(start + (end - start) / 4));

    const yearly = await planId(t, YEARLY);
    const res = await post(t, '/api/stripe-subscription/upgrade', f.headers, { planId: yearly });
    expect(res.statusCode, res.body).toBe(200);
    const sub = body<{ subscription: Subscription }>(res).data.subscription;
    expect(sub.id).toBe(outcome.subscription!.id);
    expect(sub.plan.slug).toBe(YEARLY);
    expect(sub.currentPeriodStart).toBe(clock.now().toISOString());
    const credit = Math.round((8900 * 3) / 4);
    const [charge] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.familyId, f.familyId!), eq(transactions.amountCents, 89000 - credit)));
    expect(charge).toMatchObject({ kind: 'payment', status: 'succeeded' });
    expect((await attach(t, f.headers, f.children[2]!)).statusCode).toBe(200);

    const back = await post(t, '/api/stripe-subscription/upgrade', f.headers, { planId: await planId(t, MONTHLY) });
    expect(back.statusCode).toBe(409);
    expect(body(back).message).toMatch(/cannot be switched to a shorter one/);
    const same = await post(t, '/api/stripe-subscription/upgrade', f.headers, { planId: yearly });
    expect(body(same).message).toBe('You are already on this plan');
  });

  it('detaching a child frees its place for another; its covered seats become held seats to pay for', async () => {
    const f = await payingFamily(t, 3);
    await subscribe(t, f.headers);
    const [a, b, c] = f.children as [string, string, string];
    await attach(t, f.headers, a);
    await attach(t, f.headers, b);
    const seat = await enrollOk(f.headers, a, (await longProgram()).id);
    const res = await post(t, '/api/stripe-subscription/detach-child', f.headers, { childId: a });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toMatch(/is no longer covered/);
    expect((await enrollmentRow(seat.id)).status).toBe('pending_payment');
    expect((await attach(t, f.headers, c)).statusCode).toBe(200);
    const again = await post(t, '/api/stripe-subscription/detach-child', f.headers, { childId: a });
    expect(again.statusCode).toBe(409);
  });

  it('a 2-child plan cannot keep 3 children enrolled by detaching and re-attaching one every few days', async () => {
    const f = await payingFamily(t, 3);
    await subscribe(t, f.headers);
    const [a, b, c] = f.children as [string, string, string];
    const program = (await longProgram()).id;
    await attach(t, f.headers, a);
    await attach(t, f.headers, b);
    const seatA = await enrollOk(f.headers, a, program);
    const seatB = await enrollOk(f.headers, b, program);
    // The third child's seat is held; to keep it free, a covered child makes room for it.
    const seatC = await enrollOk(f.headers, c, program);
    await post(t, '/api/stripe-subscription/detach-child', f.headers, { childId: b });
    expect((await attach(t, f.headers, c)).statusCode).toBe(200);
    expect((await enrollmentRow(seatC.id)).status).toBe('confirmed');
    expect((await enrollmentRow(seatB.id)).status).toBe('pending_payment');
    // Days later, before B's hold ends, the swap back: B's seat must be paid for, not covered again.
    await post(t, '/api/stripe-subscription/detach-child', f.headers, { childId: c });
    const back = await attach(t, f.headers, b);
    expect(back.statusCode).toBe(200);
    expect((await enrollmentRow(seatB.id)).status).toBe('pending_payment');
    expect((await enrollmentRow(seatC.id)).status).toBe('pending_payment');
    expect((await enrollmentRow(seatA.id)).status).toBe('confirmed');
  });
});

describe('sandbox test card', () => {
  it('4000 0000 0000 0341 pays a one-time checkout (only saved-card charges fail)', async () => {
    const f = await payingFamily(t, 1);
    const seat = await enrollOk(f.headers, f.children[0]!, (await createProgram(t, { coveredByMembership: false })).id);
    const started = await initiate(t, f.headers, [seat.id]);
    const res = await post(t, '/api/sandbox/checkout/pay', f.headers, {
      checkoutId: started.checkoutId,
      cardNumber: FAILS_RENEWAL,
      expiry: '12/40',
      cvc: '123',
      name: 'Ana Martinez',
    });
    expect(body<{ state: string }>(res).data.state).toBe('paid');
    expect(CARDS.ok).toBe('4242 4242 4242 4242');
  });
});

it('attached children and a child of the family are listed on the billing details and in the data download', async () => {
  const f = await payingFamily(t, 2);
  await subscribe(t, f.headers);
  await attach(t, f.headers, f.children[0]!);
  const details = await billing(t, f.headers);
  expect(details.subscription!.coveredChildren.map((c) => c.childId)).toEqual([f.children[0]]);
  expect(details.children.map((c) => c.covered).sort()).toEqual([false, true]);
  // The data download has the membership and its children, without the gateway's references.
  const exported = body<{ family: { memberships: Record<string, unknown>[] } }>(
    await t.app.inject({ url: '/api/user/export', headers: f.headers }),
  ).data.family.memberships;
  expect(exported).toEqual([
    expect.objectContaining({
      plan: 'Super Parent Monthly',
      coveredChildren: [expect.objectContaining({ childId: f.children[0] })],
    }),
  ]);
  expect(JSON.stringify(exported)).not.toMatch(/sbx_(cus|pm|sub)_/);
  const stranger = await createUserWithSession(t);
  expect(await billing(t, stranger.headers)).toMatchObject({ subscription: null, children: [] });
  expect(await addChild(t, stranger.headers)).toBeTruthy();
});
