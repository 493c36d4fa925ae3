import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkoutLines, enrollments, transactions } from '@kikstart/db';
import { PAYMENT_MESSAGES, type CheckoutOutcome } from '@kikstart/contract/payments';
import { body, useTestApp } from '../../../test/test-app.ts';
import {
  holdSeat,
  initiate,
  mailsOf,
  payWith,
  payingFamily,
  post,
  termPrograms,
} from '../../../test/payment-fixtures.ts';
import { addGuardian } from '../../../test/user-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { lockProgram } from '../enrollments/enrollment-seats.ts';

/**
 * Paying for seats the family still holds (registration day's usual case, decision 0028): the
 * seats are confirmed without waiting for their programs' lock, the answer is made from what the
 * payment wrote, and the receipt reaches every guardian.
 */
const t = useTestApp();

const statusOf = async (id: string) =>
  (await t.db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.status;

/** Whether some other connection's statement is waiting for a row or table lock. */
const waitingForALock = async () => {
  const result = await t.db.execute(
    sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`,
  );
  return (result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting > 0;
};

describe('paying for held seats', () => {
  it('answers exactly what is stored: the same outcome as the return page reads afterwards', async () => {
    const f = await payingFamily(t, 2);
    const [x, y] = await termPrograms(t, [30000, 20000]);
    const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
    const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
    const started = await initiate(t, f.headers, [a, b], 'welcome10');

    const paid = await payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    const answered = body<CheckoutOutcome>(paid).data;
    expect(answered).toMatchObject({ state: 'paid', failureReason: null, transactionId: expect.any(String) });
    expect(answered.breakdown.coupon).toMatchObject({ code: 'WELCOME10', description: expect.any(String) });

    const reread = await post(t, '/api/stripe-subscription/single-payment', f.headers, {
      checkoutId: started.checkoutId,
    });
    expect(body<CheckoutOutcome>(reread).data).toEqual(answered);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'confirmed']);
  });

  it('mails the receipt to every guardian of the family, and to no one else', async () => {
    const f = await payingFamily(t, 1);
    const second = await addGuardian(t, f.familyId!);
    const stranger = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900]);
    const id = await holdSeat(t, f.headers, f.children[0]!, p!.id);
    const started = await initiate(t, f.headers, [id]);
    expect((await payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242')).statusCode).toBe(200);

    for (const to of [f.email, second]) {
      const [mail] = await mailsOf(t, to, 'payment-receipt');
      expect(mail!.subject).toBe(`Enrollment confirmed: ${p!.title}`);
      expect(mail!.text).toContain('paid $199.00');
      expect(mail!.links.some((l) => l.includes('/receipt'))).toBe(true);
    }
    expect(await mailsOf(t, stranger.email, 'payment-receipt')).toHaveLength(0);
  });

  // PGlite has one connection, so a paused transaction would block the payment there whatever
  // the code does: this runs on PostgreSQL only (see on-postgres.ts).
  it.runIf(onPostgres)('is started and confirmed while another transaction holds the program lock', async () => {
    const f = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900]);
    const id = await holdSeat(t, f.headers, f.children[0]!, p!.id);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let signalLocked!: () => void;
    const locked = new Promise<void>((resolve) => (signalLocked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await lockProgram(tx, p!.id);
      signalLocked();
      await released;
    });
    await locked;
    try {
      const started = await initiate(t, f.headers, [id]);
      const paid = await payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242');
      expect(paid.statusCode).toBe(200);
      expect(body<CheckoutOutcome>(paid).data.state).toBe('paid');
      expect(await statusOf(id)).toBe('confirmed');
    } finally {
      release();
      await holder;
    }
  });

  // The held seats' payment confirms the seats, pays the checkout and its lines, records the
  // payment and queues the receipt in one statement. A seat that stops being held while that
  // statement waits for its row must undo all of it; the payment then settles line by line.
  it.runIf(onPostgres)('a seat dropped while the payment waits for it: nothing of the first try is kept', async () => {
    const f = await payingFamily(t, 2);
    const [x, y] = await termPrograms(t, [30000, 20000]);
    const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
    const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
    const started = await initiate(t, f.headers, [a, b]);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let signalLocked!: () => void;
    const locked = new Promise<void>((resolve) => (signalLocked = resolve));
    const dropper = t.db.transaction(async (tx) => {
      await tx.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.id, b)).for('update');
      signalLocked();
      await released;
      await tx.update(enrollments).set({ status: 'dropped', droppedAt: t.clock.now() }).where(eq(enrollments.id, b));
    });
    await locked;
    const paying = payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242');
    try {
      // The payment's statement is waiting for b's row.
      for (let i = 0; i < 200 && !(await waitingForALock()); i++) await new Promise((r) => setTimeout(r, 10));
      expect(await waitingForALock()).toBe(true);
    } finally {
      release();
      await dropper;
    }
    const paid = await paying;
    expect(paid.statusCode).toBe(200);
    expect(body<CheckoutOutcome>(paid).data.state).toBe('paid');
    expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'dropped']);
    const money = await t.db
      .select({ kind: transactions.kind, amountCents: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.checkoutId, started.checkoutId));
    // One payment (the first try's was rolled back) and b's line refunded.
    expect(money.filter((m) => m.kind === 'payment')).toHaveLength(1);
    expect(money.filter((m) => m.kind === 'refund').map((m) => m.amountCents)).toEqual([
      (await t.db.select().from(checkoutLines).where(eq(checkoutLines.enrollmentId, b)))[0]!.totalCents,
    ]);
    const receipts = await mailsOf(t, f.email, 'payment-receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Enrollment confirmed: ${x!.title}`);
    expect(await mailsOf(t, f.email, 'payment-seat-refunded')).toHaveLength(1);
  });

  // Races: PostgreSQL only (PGlite has one connection, so requests never interleave there).
  it.runIf(onPostgres)(
    'a double click on Pay starts one checkout; the other is told the seats are in a payment',
    async () => {
      for (let round = 0; round < 5; round++) {
        const f = await payingFamily(t, 2);
        const [x, y] = await termPrograms(t, [30000, 20000]);
        const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
        const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
        const clicks = await Promise.all(
          [
            [a, b],
            [b, a],
          ].map((ids) => post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: ids })),
        );
        expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
        expect(body(clicks.find((c) => c.statusCode === 409)!).message).toBe(PAYMENT_MESSAGES.seatInCheckout);
      }
    },
  );

  it.runIf(onPostgres)('paying while a new checkout starts for the same seats: one payment, no error', async () => {
    for (let round = 0; round < 5; round++) {
      const f = await payingFamily(t, 2);
      const [x, y] = await termPrograms(t, [30000, 20000]);
      const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
      const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
      const started = await initiate(t, f.headers, [a, b]);
      const [paid, again] = await Promise.all([
        payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242'),
        post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: [b, a] }),
      ]);
      expect(paid.statusCode).toBe(200);
      expect(body<CheckoutOutcome>(paid).data.state).toBe('paid');
      expect(again.statusCode).toBe(409);
      expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'confirmed']);
    }
  });
});
