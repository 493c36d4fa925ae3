import { describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { checkoutLines, checkouts, enrollments } from '@kikstart/db';
import { PAYMENT_MESSAGES, type CheckoutStarted } from '@kikstart/contract/payments';
import { TEST_PUBLIC_URL as publicUrl, useTestApp } from '../../../test/test-app.ts';
import { createProgram } from '../../../test/enrollment-fixtures.ts';
import { holdSeat, initiate, pay, payingFamily, termPrograms } from '../../../test/payment-fixtures.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { checkoutStarter } from './initiate-batch.ts';
import type { PaymentContext } from './checkout.service.ts';

/**
 * Payments started together are stored in one transaction (initiate-batch.ts). Each request is
 * still decided by the single path's rules and gets its own answer or refusal.
 */
const t = useTestApp();

describe('payments started together', () => {
  type Family = Awaited<ReturnType<typeof payingFamily>>;
  const gatewayOf = () => createSandboxGateway({ db: t.db, publicUrl });
  const contextOf = (f: Family, gateway: PaymentContext['gateway']): PaymentContext => ({
    db: t.db,
    gateway,
    familyId: f.familyId!,
    userId: f.userId,
    publicUrl,
    now: new Date(),
  });

  /** Starts every basket in the same turn, so they go in one batch; answers each outcome. */
  async function startTogether(baskets: { family: Family; seats: string[] }[]) {
    const gateway = gatewayOf();
    const start = checkoutStarter(t.db, gateway);
    const transactions = vi.spyOn(t.db, 'transaction');
    try {
      const settled = await Promise.allSettled(
        baskets.map((b) => start({ ...contextOf(b.family, gateway), input: { enrollmentIds: b.seats } })),
      );
      return { settled, transactions: transactions.mock.calls.length };
    } finally {
      transactions.mockRestore();
    }
  }

  const started = (r: PromiseSettledResult<CheckoutStarted>) => {
    if (r.status !== 'fulfilled') throw new Error(`refused: ${String(r.reason)}`);
    return r.value;
  };
  const refusal = (r: PromiseSettledResult<CheckoutStarted>) =>
    r.status === 'rejected' ? { status: r.reason.status, message: r.reason.message } : 'started';

  it('prices each basket as alone (sibling discount, a sibling paid before), in one transaction', async () => {
    const siblings = await payingFamily(t, 2);
    const [p1, p2] = await termPrograms(t, [10_000, 8_000]);
    const siblingSeats = [
      await holdSeat(t, siblings.headers, siblings.children[0]!, p1!.id),
      await holdSeat(t, siblings.headers, siblings.children[1]!, p2!.id),
    ];
    // A family whose first child is paid for this term: the second child is discounted.
    const paidBefore = await payingFamily(t, 2);
    const [q1, q2] = await termPrograms(t, [10_000, 10_000]);
    await pay(
      t,
      paidBefore.headers,
      (await initiate(t, paidBefore.headers, [await holdSeat(t, paidBefore.headers, paidBefore.children[0]!, q1!.id)]))
        .checkoutId,
    );
    const secondChild = await holdSeat(t, paidBefore.headers, paidBefore.children[1]!, q2!.id);
    const single = await payingFamily(t, 1);
    const singleSeat = await holdSeat(t, single.headers, single.children[0]!, (await createProgram(t)).id);

    const { settled, transactions } = await startTogether([
      { family: siblings, seats: siblingSeats },
      { family: paidBefore, seats: [secondChild] },
      { family: single, seats: [singleSeat] },
    ]);
    expect(transactions).toBe(1);
    const [a, b, c] = settled.map(started);
    expect(a!.breakdown).toMatchObject({ subtotalCents: 18_000, siblingDiscountCents: 1_200, totalCents: 16_800 });
    expect(b!.breakdown).toMatchObject({ subtotalCents: 10_000, siblingDiscountCents: 1_500, totalCents: 8_500 });
    expect(c!.breakdown).toMatchObject({ subtotalCents: 19_900, siblingDiscountCents: 0, totalCents: 19_900 });
    for (const s of [a!, b!, c!]) expect(s.redirectUrl).toContain(s.checkoutId);

    // Stored as one would have been: the checkout with its gateway session, its lines, the holds extended.
    const [stored] = await t.db.select().from(checkouts).where(eq(checkouts.id, a!.checkoutId));
    expect(stored).toMatchObject({
      familyId: siblings.familyId,
      createdBy: siblings.userId,
      status: 'open',
      totalCents: 16_800,
      siblingPercent: 15,
      gatewayRef: expect.stringMatching(/^sbx_cs_/),
    });
    expect(stored!.expiresAt.toISOString()).toBe(a!.expiresAt);
    const lines = await t.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, a!.checkoutId));
    expect(lines.map((l) => [l.enrollmentId, l.programId, l.priceCents, l.siblingDiscountCents]).sort()).toEqual(
      [
        [siblingSeats[0], p1!.id, 10_000, 0],
        [siblingSeats[1], p2!.id, 8_000, 1_200],
      ].sort(),
    );
    const holds = await t.db.select().from(enrollments).where(inArray(enrollments.id, siblingSeats));
    for (const h of holds) expect(h.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(stored!.expiresAt.getTime());
    // And it can be paid.
    expect((await pay(t, siblings.headers, a!.checkoutId)).state).toBe('paid');
  });

  it("answers each request its own refusal; the others' checkouts are stored", async () => {
    const ok = await payingFamily(t, 1);
    const okSeat = await holdSeat(t, ok.headers, ok.children[0]!, (await createProgram(t)).id);
    const thief = await payingFamily(t, 0);
    const lapsed = await payingFamily(t, 1);
    const lapsedSeat = await holdSeat(t, lapsed.headers, lapsed.children[0]!, (await createProgram(t)).id);
    await t.db
      .update(enrollments)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(enrollments.id, lapsedSeat));
    const busy = await payingFamily(t, 1);
    const busySeat = await holdSeat(t, busy.headers, busy.children[0]!, (await createProgram(t)).id);
    await initiate(t, busy.headers, [busySeat]);
    const twice = await payingFamily(t, 1);
    const twiceSeat = await holdSeat(t, twice.headers, twice.children[0]!, (await createProgram(t)).id);
    const mixed = await payingFamily(t, 2);
    const mixedSeats = [
      await holdSeat(t, mixed.headers, mixed.children[0]!, (await createProgram(t, { currency: 'usd' })).id),
      await holdSeat(t, mixed.headers, mixed.children[1]!, (await createProgram(t, { currency: 'eur' })).id),
    ];

    const { settled, transactions } = await startTogether([
      { family: ok, seats: [okSeat] },
      { family: thief, seats: [okSeat] },
      { family: lapsed, seats: [lapsedSeat] },
      { family: busy, seats: [busySeat] },
      { family: twice, seats: [twiceSeat] },
      { family: twice, seats: [twiceSeat] },
      { family: mixed, seats: mixedSeats },
    ]);
    expect(transactions).toBe(1);
    expect(settled.map(refusal)).toEqual([
      'started',
      { status: 404, message: PAYMENT_MESSAGES.enrollmentNotFound },
      { status: 409, message: PAYMENT_MESSAGES.seatNotHeld },
      { status: 409, message: PAYMENT_MESSAGES.seatInCheckout },
      'started',
      { status: 409, message: PAYMENT_MESSAGES.seatInCheckout },
      { status: 422, message: PAYMENT_MESSAGES.mixedCurrencies },
    ]);
    const stored = await t.db
      .select({ familyId: checkouts.familyId })
      .from(checkouts)
      .where(
        inArray(
          checkouts.familyId,
          [ok, thief, lapsed, twice, mixed].map((f) => f.familyId!),
        ),
      );
    expect(stored.map((s) => s.familyId).sort()).toEqual([ok.familyId, twice.familyId].sort());
  });

  it('a lone payment starts on the single path', async () => {
    const f = await payingFamily(t, 1);
    const seat = await holdSeat(t, f.headers, f.children[0]!, (await createProgram(t)).id);
    const { settled, transactions } = await startTogether([{ family: f, seats: [seat] }]);
    expect(transactions).toBe(1);
    expect(started(settled[0]!).breakdown.totalCents).toBe(19_900);
  });

  it('a batch the database refuses runs again one request at a time', async () => {
    const families = await Promise.all([1, 2, 3].map(() => payingFamily(t, 1)));
    const seats = await Promise.all(
      families.map(async (f) => holdSeat(t, f.headers, f.children[0]!, (await createProgram(t)).id)),
    );
    const gateway = gatewayOf();
    const start = checkoutStarter(t.db, gateway);
    const transactions = vi.spyOn(t.db, 'transaction').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const answers = await Promise.all(
        families.map((f, i) => start({ ...contextOf(f, gateway), input: { enrollmentIds: [seats[i]!] } })),
      );
      expect(answers.map((a) => a.breakdown.totalCents)).toEqual([19_900, 19_900, 19_900]);
      expect(transactions.mock.calls.length).toBe(4);
    } finally {
      transactions.mockRestore();
    }
  });
});
