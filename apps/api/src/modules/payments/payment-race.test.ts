import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { checkoutLines, checkouts, enrollments, paymentEvents, transactions } from '@kikstart/db';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { body, createTestApp, TEST_PUBLIC_URL as publicUrl, type TestApp } from '../../../test/test-app.ts';
import { createProgram } from '../../../test/enrollment-fixtures.ts';
import { CARDS, cardEventFor, mailsOf, payingFamily, payWith, startedPayment } from '../../../test/payment-fixtures.ts';
import { seatsTaken } from '../enrollments/enrollment-seats.ts';
import { applyPaymentEvent } from './payment-events.ts';

/**
 * A payment applied while another transaction holds its checkout. Applying an event reads the
 * checkout's lines, locks the checkout and stores the event in one statement (payment-events.ts),
 * so what it read of the seats may be older than the lock it waited for. PGlite has one
 * connection, so transactions cannot interleave there: PostgreSQL only (`npm run test:api:pg`).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('payments racing other transactions (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const checkoutOf = async (id: string) => (await t.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;
  const payments = (checkoutId: string, kind: 'payment' | 'refund') =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, checkoutId), eq(transactions.kind, kind)));

  /** Runs `work` in a transaction that has locked the checkout's row, until `release` is called. */
  async function holdingCheckout(checkoutId: string, work: (tx: typeof t.db) => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let signalLocked!: () => void;
    const locked = new Promise<void>((resolve) => (signalLocked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
      await work(tx);
      signalLocked();
      await released;
    });
    await locked;
    return { release, holder };
  }

  /** The request is still waiting after a while (it is queued on the lock, not finished). */
  async function stillWaiting(request: Promise<unknown>) {
    let done = false;
    void request.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    return !done;
  }

  it('a seat lost while the payment waited for its checkout is refunded, never oversold', async () => {
    const g = await payingFamily(t, 1);
    const program = await createProgram(t, { capacity: 1 });
    const { family: f, seat, checkoutId } = await startedPayment(t, { program });
    // Meanwhile the hold ends and another family takes the only seat, in a transaction that also
    // holds the checkout: the payment reads the seat as still held, then waits for the checkout.
    const { release, holder } = await holdingCheckout(checkoutId, async (tx) => {
      await tx.update(enrollments).set({ status: 'expired', endedAt: new Date() }).where(eq(enrollments.id, seat));
      await tx.execute(sql`insert into enrollments (family_id, child_id, program_id, status, created_by, price_cents,
        currency, covered_by_membership, waiver_name, waiver_signed_at, waiver_version, hold_expires_at)
        select ${g.familyId}, ${g.children[0]}, program_id, 'pending_payment', ${g.userId}, price_cents, currency,
          covered_by_membership, waiver_name, waiver_signed_at, waiver_version, hold_expires_at
        from enrollments where id = ${seat}`);
    });
    const request = payWith(t, f.headers, checkoutId, CARDS.ok);
    expect(await stillWaiting(request)).toBe(true);
    release();
    await holder;

    const res = await request;
    expect(res.statusCode).toBe(200);
    expect(body<CheckoutOutcome>(res).data.state).toBe('paid');
    expect(await seatsTaken(t.db, program.id)).toBe(1);
    const [mine] = await t.db.select().from(enrollments).where(eq(enrollments.id, seat));
    expect(mine!.status).toBe('expired');
    const [line] = await t.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, checkoutId));
    expect(line!.status).toBe('refunded');
    expect(await payments(checkoutId, 'payment')).toHaveLength(1);
    expect(await payments(checkoutId, 'refund')).toHaveLength(1);
    expect(await mailsOf(t, f.email, 'payment-seat-refunded')).toHaveLength(1);
    expect(await mailsOf(t, f.email, 'payment-receipt')).toHaveLength(0);
  });

  it('two clicks on Pay at once charge once and confirm the seat once', async () => {
    const { family: f, seat, checkoutId } = await startedPayment(t);
    const clicks = await Promise.all([1, 2].map(() => payWith(t, f.headers, checkoutId, CARDS.ok)));
    for (const click of clicks) {
      expect(click.statusCode).toBe(200);
      expect(body<CheckoutOutcome>(click).data.state).toBe('paid');
    }
    const [mine] = await t.db.select().from(enrollments).where(eq(enrollments.id, seat));
    expect(mine!.status).toBe('confirmed');
    expect(await payments(checkoutId, 'payment')).toHaveLength(1);
    expect(await mailsOf(t, f.email, 'payment-receipt')).toHaveLength(1);
  });

  it('the same event delivered twice at once is stored and applied once', async () => {
    const { checkoutId } = await startedPayment(t);
    const event = await cardEventFor(t, checkoutId);
    // Both deliveries wait on the checkout, so they reach the event's insert together.
    const { release, holder } = await holdingCheckout(checkoutId, async () => {});
    const deliveries = [1, 2].map(() => applyPaymentEvent({ db: t.db, event, now: new Date(), publicUrl }));
    expect(await stillWaiting(Promise.all(deliveries))).toBe(true);
    release();
    await holder;
    const applied = (await Promise.all(deliveries)).map((d) => d.applied);
    expect(applied.sort()).toEqual([false, true]);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    expect(await payments(checkoutId, 'payment')).toHaveLength(1);
    expect((await checkoutOf(checkoutId)).status).toBe('paid');
  });
});
