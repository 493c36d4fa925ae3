import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, enrollments, paymentEvents, programs, transactions } from '@kikstart/db';
import { LIVE_STATUSES } from '@kikstart/contract/enrollment-status';
import { lockProgram, seatsTaken } from '../enrollments/enrollment-seats.ts';
import type { GatewayEvent } from './gateway.ts';
import { settleRedemption } from './coupons.service.ts';
import { refundLine } from './refunds.ts';
import { queueReceiptMails, queueSeatLostMail } from './receipts.ts';
import { CONFIRMED_STATUS, UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { applyPlanPayment } from '../memberships/subscribe.service.ts';

type LineRow = typeof checkoutLines.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * What a one-time checkout's payment wrote, so the caller can answer the parent without reading
 * it back: the checkout as it now stands, its lines (as stored, in id order), the payment's
 * transaction id, and whether a refund was queued (a seat lost to a lapsed hold).
 */
export interface PaymentWritten {
  checkout: CheckoutRow;
  lines: LineRow[];
  transactionId: string;
  refundQueued: boolean;
}

/**
 * Applies one gateway event exactly once: the event row (keyed by the gateway's event id) is
 * inserted in the same transaction as its effects, so a repeated webhook, the sandbox page and
 * the parent's return all applying the same event change nothing the second time. Answers
 * whether this call applied it, and for a one-time payment it applied, what it wrote.
 */
export async function applyPaymentEvent(opts: {
  db: Db;
  event: GatewayEvent;
  now: Date;
  publicUrl: string;
}): Promise<{ applied: boolean; written?: PaymentWritten }> {
  const { event, now } = opts;
  return opts.db.transaction(async (tx) => {
    // No key update: rows that merely reference the checkout (a refund row) do not wait on it.
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.gatewayRef, event.gatewayRef))
      .for('no key update');
    const first = await recordEventOnce(tx, event, now, checkout?.id ?? null);
    if (!first || !checkout) return { applied: false };
    if (event.type === 'checkout.failed' || event.type === 'checkout.expired')
      await applyFailure(tx, checkout, event, now);
    else if (paidAmountDiffers(checkout, event)) await applyMismatch(tx, checkout, event, now);
    // A membership's first charge starts the subscription (memberships/subscribe.service.ts).
    else if (checkout.planId) await applyPlanPayment(tx, { checkout, event, now, publicUrl: opts.publicUrl });
    else return { applied: true, written: await applyPayment(tx, checkout, event, now, opts.publicUrl) };
    return { applied: true };
  });
}

/**
 * Stores a gateway event by its id; false when it was stored before. The one check that makes
 * every event apply once: call it in the transaction that applies the event's effects.
 */
export async function recordEventOnce(tx: Db, event: GatewayEvent, now: Date, checkoutId: string | null = null) {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      id: event.id,
      gateway: event.gateway,
      type: event.type,
      gatewayRef: event.gatewayRef,
      checkoutId,
      payload: { ...event },
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/**
 * A declined card, or a session the provider closed unpaid (expired): the checkout ends, its
 * coupon is released, the seats stay held until their hold ends. Only a decline is an attempt
 * the family sees in transactions.
 */
async function applyFailure(tx: Db, checkout: CheckoutRow, event: GatewayEvent, now: Date) {
  if (checkout.status !== 'open') return;
  const expired = event.type === 'checkout.expired';
  const reason = expired ? null : (event.failureReason ?? 'The payment did not go through.');
  await tx
    .update(checkouts)
    .set({ status: expired ? 'expired' : 'failed', failureReason: reason, endedAt: now, updatedAt: now })
    .where(eq(checkouts.id, checkout.id));
  await tx.update(checkoutLines).set({ status: 'released' }).where(eq(checkoutLines.checkoutId, checkout.id));
  await settleRedemption(tx, { checkoutId: checkout.id, status: 'released', now });
  if (expired) return;
  await tx.insert(transactions).values({
    familyId: checkout.familyId,
    checkoutId: checkout.id,
    kind: 'failed',
    status: 'failed',
    amountCents: checkout.totalCents,
    currency: checkout.currency,
    description: 'Payment attempt',
    failureReason: reason,
    gatewayRef: event.gatewayRef,
    createdAt: now,
  });
}

/** The provider says it took another amount (or currency) than the checkout's total. */
function paidAmountDiffers(checkout: CheckoutRow, event: GatewayEvent) {
  if (event.amountCents === undefined) return false;
  return (
    event.amountCents !== checkout.totalCents ||
    (event.currency ?? '').toUpperCase() !== checkout.currency.toUpperCase()
  );
}

/**
 * A paid event whose amount is not the checkout's total (a tampered or misconfigured session):
 * nothing is confirmed. The checkout ends failed with the reason, so the family can pay again
 * while its seats are held, and what was taken is refunded in full through the usual pending
 * refund (sent after commit with its idempotency key): never a seat sold at a price we did not set.
 */
async function applyMismatch(tx: Db, checkout: CheckoutRow, event: GatewayEvent, now: Date) {
  if (checkout.status === 'paid') return;
  const reason = `${AMOUNT_MISMATCH}: paid ${event.amountCents} ${event.currency ?? ''}, expected ${checkout.totalCents} ${checkout.currency}`;
  await tx
    .update(checkouts)
    .set({
      status: 'failed',
      failureReason: AMOUNT_MISMATCH,
      paymentRef: event.paymentRef ?? null,
      endedAt: now,
      updatedAt: now,
    })
    .where(eq(checkouts.id, checkout.id));
  await tx.update(checkoutLines).set({ status: 'released' }).where(eq(checkoutLines.checkoutId, checkout.id));
  await settleRedemption(tx, { checkoutId: checkout.id, status: 'released', now });
  if (!event.paymentRef || !event.amountCents) return;
  await tx
    .insert(transactions)
    .values({
      familyId: checkout.familyId,
      checkoutId: checkout.id,
      kind: 'refund',
      status: 'pending',
      amountCents: event.amountCents,
      currency: checkout.currency,
      description: 'Refund: the amount paid did not match the checkout',
      failureReason: reason,
      idempotencyKey: `refund:mismatch:${event.paymentRef}`,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** Why a checkout whose paid amount differed ends failed (the parent sees it; staff see the amounts). */
export const AMOUNT_MISMATCH = 'The amount paid did not match the checkout total, so it is being refunded';

/**
 * The checkout is paid (one-time or plan): its row says so, its coupon use is final, and the
 * payment is recorded as a transaction described by `description`. Answers the transaction id
 * and the checkout row as it now stands.
 */
export async function markCheckoutPaid(
  tx: Db,
  opts: { checkout: CheckoutRow; event: GatewayEvent; now: Date; description: string },
) {
  const { checkout, event, now } = opts;
  const paid = {
    status: 'paid',
    paymentRef: event.paymentRef ?? null,
    failureReason: null,
    paidAt: now,
    endedAt: now,
    updatedAt: now,
  } as const;
  await tx.update(checkouts).set(paid).where(eq(checkouts.id, checkout.id));
  // A coupon's reservation exists only for a checkout that applied one (its code is kept).
  if (checkout.couponCode) await settleRedemption(tx, { checkoutId: checkout.id, status: 'redeemed', now });
  const [payment] = await tx
    .insert(transactions)
    .values({
      familyId: checkout.familyId,
      checkoutId: checkout.id,
      kind: 'payment',
      status: 'succeeded',
      amountCents: checkout.totalCents,
      currency: checkout.currency,
      description: opts.description,
      gatewayRef: event.paymentRef ?? event.gatewayRef,
      createdAt: now,
      settledAt: now,
    })
    .returning({ id: transactions.id });
  return { transactionId: payment!.id, checkout: { ...checkout, ...paid } };
}

/**
 * A successful payment. The usual case, every line's seat still held by the family, is confirmed
 * in one statement without the program lock: a held seat is already counted against capacity,
 * so confirming it changes no program's count (decision 0028). Only the other lines (a hold that
 * lapsed before the money arrived, an enrollment gone) are settled under the program lock,
 * programs in id order and taken before any of those lines' rows (withLockedEnrollment's order):
 * such a seat is taken if the program still has room; otherwise the line is refunded
 * automatically and the family is told. Never an oversold program, never money kept without a seat.
 */
async function applyPayment(
  tx: Db,
  checkout: CheckoutRow,
  event: GatewayEvent,
  now: Date,
  publicUrl: string,
): Promise<PaymentWritten | undefined> {
  if (checkout.status === 'paid') return undefined;
  const lines = await tx
    .select()
    .from(checkoutLines)
    .where(eq(checkoutLines.checkoutId, checkout.id))
    .orderBy(asc(checkoutLines.id));
  const held = await confirmHeldSeats(tx, checkout, lines, now);
  const rest = lines.filter((l) => !held.has(l.id));
  const programIds = [...new Set(rest.flatMap((l) => (l.programId ? [l.programId] : [])))].sort();
  for (const programId of programIds) await lockProgram(tx, programId);
  const paid = await markCheckoutPaid(tx, {
    checkout,
    event,
    now,
    description: lines.length === 1 ? `${lines[0]!.programTitle}` : `${lines.length} program seats`,
  });
  const confirmed = lines.filter((l) => held.has(l.id));
  const lost: LineRow[] = [];
  for (const line of rest) {
    if (await takeSeat(tx, checkout, line, now)) confirmed.push(line);
    else lost.push(line);
  }
  if (confirmed.length)
    await tx
      .update(checkoutLines)
      .set({ status: 'paid' })
      .where(
        inArray(
          checkoutLines.id,
          confirmed.map((l) => l.id),
        ),
      );
  for (const line of lost) {
    await refundLine(tx, {
      checkout,
      line,
      now,
      reason: 'seat_unavailable',
      description: `Refund: no seat left in ${line.programTitle}`,
    });
    if (checkout.familyId)
      await queueSeatLostMail(tx, { familyId: checkout.familyId, line, currency: checkout.currency, publicUrl });
  }
  if (checkout.familyId && confirmed.length) {
    await queueReceiptMails(tx, {
      familyId: checkout.familyId,
      checkout,
      lines: confirmed,
      transactionId: paid.transactionId,
      publicUrl,
    });
  }
  return { checkout: paid.checkout, lines, transactionId: paid.transactionId, refundQueued: lost.length > 0 };
}

/**
 * Confirms, in one statement, the lines whose seat the family still holds (pending payment);
 * answers the ids of the lines it confirmed. Takes only those enrollments' row locks.
 */
async function confirmHeldSeats(tx: Db, checkout: CheckoutRow, lines: LineRow[], now: Date) {
  const enrollmentIds = lines.flatMap((l) => (l.enrollmentId ? [l.enrollmentId] : []));
  if (!checkout.familyId || !enrollmentIds.length) return new Set<string>();
  const rows = await tx
    .update(enrollments)
    .set(confirmedSeat(now))
    .where(
      and(
        inArray(enrollments.id, enrollmentIds),
        eq(enrollments.familyId, checkout.familyId),
        eq(enrollments.status, UNPAID_HOLD_STATUS),
      ),
    )
    .returning({ id: enrollments.id });
  const confirmedIds = new Set(rows.map((r) => r.id));
  return new Set(lines.filter((l) => l.enrollmentId && confirmedIds.has(l.enrollmentId)).map((l) => l.id));
}

/** An enrollment's columns once its seat is paid for. */
const confirmedSeat = (now: Date) =>
  ({
    status: CONFIRMED_STATUS,
    confirmedAt: now,
    holdExpiresAt: null,
    endedAt: null,
    updatedAt: now,
  }) as const;

/**
 * A line whose seat was not held any more (confirmHeldSeats passed it over), under its program's
 * lock: confirmed if the late payment may still have the seat; false when it must be refunded.
 */
async function takeSeat(tx: Db, checkout: CheckoutRow, line: LineRow, now: Date): Promise<boolean> {
  if (!line.enrollmentId) return false;
  const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, line.enrollmentId)).for('update');
  if (!row || row.familyId !== checkout.familyId) return false;
  // Raced between confirmHeldSeats and the lock: the family's hold is still there.
  if (row.status === UNPAID_HOLD_STATUS) {
    await tx.update(enrollments).set(confirmedSeat(now)).where(eq(enrollments.id, row.id));
    return true;
  }
  // Late payment: the hold lapsed and the sweeper ended it. The seat is taken back only if the
  // program has room and the child has not enrolled again in the meantime.
  if (row.status !== 'expired') return false;
  const [program] = await tx
    .select({ capacity: programs.capacity })
    .from(programs)
    .where(eq(programs.id, row.programId));
  if (!program || (await seatsTaken(tx, row.programId)) >= program.capacity) return false;
  const [again] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.childId, row.childId),
        eq(enrollments.programId, row.programId),
        ne(enrollments.id, row.id),
        inArray(enrollments.status, [...LIVE_STATUSES]),
      ),
    );
  if (again) return false;
  await tx.update(enrollments).set(confirmedSeat(now)).where(eq(enrollments.id, row.id));
  return true;
}
