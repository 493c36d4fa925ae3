import { describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { checkoutLines, checkouts, enrollments, paymentEvents, transactions } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { TEST_PUBLIC_URL as publicUrl, useTestApp } from '../../../test/test-app.ts';
import { CARDS, cardEventFor, mailsOf, payingFamily, startedPayment } from '../../../test/payment-fixtures.ts';
import { addGuardian } from '../../../test/user-fixtures.ts';
import { checkoutOutcome } from './checkout.service.ts';
import type { GatewayEvent } from './gateway.ts';
import { cardPaymentsTogether, paymentEventApplier } from './payment-event-batch.ts';

/**
 * Card payments made at the same moment are applied in one transaction (payment-event-batch.ts);
 * anything but the usual payment sends the whole batch back to be applied one event at a time.
 */
const t = useTestApp();

describe('payments applied together', () => {
  const checkoutOf = async (id: string) => (await t.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;
  const paymentsOf = (checkoutId: string) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, checkoutId), eq(transactions.kind, 'payment')));

  /** Applies the events in the same turn (one batch); answers each result and how many transactions ran. */
  async function applyTogether(events: GatewayEvent[]) {
    const apply = paymentEventApplier();
    const spy = vi.spyOn(t.db, 'transaction');
    try {
      const results = await Promise.all(events.map((event) => apply({ db: t.db, event, now: new Date(), publicUrl })));
      return { results, transactions: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }

  it('confirms each seat, records each payment and mails each receipt, in one transaction', async () => {
    const guardian = await payingFamily(t, 1);
    const second = await addGuardian(t, guardian.familyId!);
    const payments = [await startedPayment(t, { family: guardian }), await startedPayment(t), await startedPayment(t)];
    const events = await Promise.all(payments.map((p) => cardEventFor(t, p.checkoutId)));

    const { results, transactions: runs } = await applyTogether(events);
    expect(runs).toBe(1);
    for (const [i, p] of payments.entries()) {
      expect(results[i]).toMatchObject({ applied: true, written: { refundQueued: false } });
      const stored = await checkoutOf(p.checkoutId);
      expect(stored).toMatchObject({ status: 'paid', paymentRef: events[i]!.paymentRef });
      // The parent's answer is made from what the batch wrote: the same as reading it back.
      const written = results[i]!.written!;
      expect(await checkoutOutcome(t.db, written.checkout, written)).toEqual(await checkoutOutcome(t.db, stored));
      const [seat] = await t.db.select().from(enrollments).where(eq(enrollments.id, p.seat));
      expect(seat).toMatchObject({ status: 'confirmed', holdExpiresAt: null });
      const [line] = await t.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, p.checkoutId));
      expect(line!.status).toBe('paid');
      expect(await paymentsOf(p.checkoutId)).toEqual([
        expect.objectContaining({ id: written.transactionId, status: 'succeeded', amountCents: stored.totalCents }),
      ]);
      expect(await mailsOf(t, p.family.email, 'payment-receipt')).toHaveLength(1);
    }
    expect(await mailsOf(t, second, 'payment-receipt')).toHaveLength(1);
    const stored = await t.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.id,
          events.map((e) => e.id),
        ),
      );
    expect(stored.map((e) => e.checkoutId).sort()).toEqual(payments.map((p) => p.checkoutId).sort());
  });

  it('a declined card in the batch: every event is applied alone, each with its own outcome', async () => {
    const paid = await startedPayment(t);
    const declined = await startedPayment(t);
    const { results, transactions: runs } = await applyTogether([
      await cardEventFor(t, paid.checkoutId),
      await cardEventFor(t, declined.checkoutId, CARDS.declined),
    ]);
    // The batch, rolled back, then each alone.
    expect(runs).toBe(3);
    expect(results.map((r) => r.applied)).toEqual([true, true]);
    expect((await checkoutOf(paid.checkoutId)).status).toBe('paid');
    expect((await checkoutOf(declined.checkoutId)).status).toBe('failed');
    expect(await paymentsOf(paid.checkoutId)).toHaveLength(1);
    const [held] = await t.db.select().from(enrollments).where(eq(enrollments.id, declined.seat));
    expect(held!.status).toBe('pending_payment');
  });

  it('the same event twice in a batch, or an event applied before, is applied once', async () => {
    const p = await startedPayment(t);
    const event = await cardEventFor(t, p.checkoutId);
    const first = await applyTogether([event, event]);
    expect(first.results.map((r) => r.applied).sort()).toEqual([false, true]);
    const other = await startedPayment(t);
    const again = await applyTogether([event, await cardEventFor(t, other.checkoutId)]);
    expect(again.transactions).toBe(1);
    expect(again.results.map((r) => r.applied)).toEqual([false, true]);
    expect(await paymentsOf(p.checkoutId)).toHaveLength(1);
    expect(await paymentsOf(other.checkoutId)).toHaveLength(1);
    expect(await mailsOf(t, p.family.email, 'payment-receipt')).toHaveLength(1);
  });

  it('a seat no longer held: the batch runs alone, and that payment settles line by line', async () => {
    const usual = await startedPayment(t);
    const lapsed = await startedPayment(t);
    // The hold ended (the sweeper) but the program still has room: the late payment takes it back.
    await t.db.update(enrollments).set({ status: 'expired' }).where(eq(enrollments.id, lapsed.seat));
    const { results } = await applyTogether([
      await cardEventFor(t, usual.checkoutId),
      await cardEventFor(t, lapsed.checkoutId),
    ]);
    expect(results.map((r) => r.applied)).toEqual([true, true]);
    for (const p of [usual, lapsed]) {
      const [seat] = await t.db.select().from(enrollments).where(eq(enrollments.id, p.seat));
      expect(seat!.status).toBe('confirmed');
      expect(await paymentsOf(p.checkoutId)).toHaveLength(1);
    }
  });

  it("reads the card form's checkouts together: another family's checkout is not found", async () => {
    const a = await startedPayment(t);
    const b = await startedPayment(t);
    const { loadCheckout } = cardPaymentsTogether(t.db);
    const read = await Promise.allSettled([
      loadCheckout(t.db, a.family.familyId!, a.checkoutId),
      loadCheckout(t.db, b.family.familyId!, a.checkoutId),
      loadCheckout(t.db, b.family.familyId!, b.checkoutId),
    ]);
    expect(read.map((r) => (r.status === 'fulfilled' ? r.value.id : r.reason.message))).toEqual([
      a.checkoutId,
      PAYMENT_MESSAGES.checkoutNotFound,
      b.checkoutId,
    ]);
  });
});
