import { inArray, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { asValue, fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { checkoutLines, checkouts, transactions } from '@kikstart/db';
import { lockProgram } from '../enrollments/enrollment-seats.ts';
import type { GatewayEvent } from './gateway.ts';
import { settleRedemption } from './coupons.service.ts';
import { refundLine } from './refunds.ts';
import { queueReceiptMails, queueSeatLostMail } from './receipts.ts';
import { takeSeat, type LineWithHold } from './paid-seats.ts';
import {
  heldSeatsPayment,
  paidCheckout,
  payHeldSeats,
  paymentDescription,
  paymentValues,
} from './held-seats-payment.ts';

/**
 * A checkout's payment arrived (payment-events.ts applies each gateway event once): the checkout
 * and its payment recorded, and for a one-time checkout its seats confirmed (paid-seats.ts), in
 * one statement when the family still holds them all, line by line when not.
 */

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

type PaymentValues = ReturnType<typeof paymentValues>;

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
  const payment = paymentValues(checkout, event, now, opts.description);
  await setCheckoutPaid(tx, payment);
  await settleCoupon(tx, checkout, now);
  await insertPayment(tx, payment);
  return { transactionId: payment.transactionId, checkout: paidCheckout(checkout, event, now) };
}

/** A coupon's reservation exists only for a checkout that applied one (its code is kept): its use is now final. */
async function settleCoupon(tx: Db, checkout: CheckoutRow, now: Date) {
  if (checkout.couponCode) await settleRedemption(tx, { checkoutId: checkout.id, status: 'redeemed', now });
}

/** The columns of a paid checkout (`paidCheckout`, the same values). */
const checkoutPaidUpdate = (db: Db, p: Placeholders<Pick<PaymentValues, 'checkoutId' | 'paymentRef' | 'now'>>) =>
  db
    .update(checkouts)
    .set({
      status: 'paid',
      paymentRef: asValue(p.paymentRef),
      failureReason: null,
      paidAt: asValue(p.now),
      endedAt: asValue(p.now),
      updatedAt: asValue(p.now),
    })
    .where(eq(checkouts.id, p.checkoutId));
const setCheckoutPaid = fixedQuery(checkoutPaidUpdate);

const paymentInsert = (db: Db, p: Placeholders<Omit<PaymentValues, 'paymentRef'>>) =>
  db.insert(transactions).values({
    id: p.transactionId,
    familyId: p.familyId,
    checkoutId: p.checkoutId,
    kind: 'payment',
    status: 'succeeded',
    amountCents: p.amountCents,
    currency: p.currency,
    description: p.description,
    gatewayRef: p.gatewayRef,
    createdAt: p.now,
    settledAt: p.now,
  });
const insertPayment = fixedQuery(paymentInsert);

/**
 * A successful payment. Each line's seat is confirmed; a seat whose hold lapsed before the money
 * arrived is taken if the program still has room, otherwise (or when the enrollment is gone) that
 * line is refunded automatically and the family is told: never an oversold program, never money
 * kept without a seat.
 *
 * The usual case, every line's seat still held by the family, needs no program lock: a held seat
 * is already counted against capacity, so confirming it changes no count (decision 0028). Then
 * the seats are confirmed, their rows locked in basket order (created, id) like initiate's, in
 * the one statement that records the payment. Any other case takes the programs' locks first,
 * in id order, then the rows (withLockedEnrollment's order), and settles each line on its own.
 */
export async function applyPayment(
  tx: Db,
  opts: {
    checkout: CheckoutRow;
    /** The checkout's lines in id order, read with its lock (payment-events.ts). */
    lines: LineWithHold[];
    event: GatewayEvent;
    now: Date;
    publicUrl: string;
    lockPrograms: boolean;
  },
): Promise<PaymentWritten | undefined> {
  const { checkout, lines: rows } = opts;
  if (checkout.status === 'paid') return undefined;
  const lines = rows.map((r) => r.line);
  const allHeld = !opts.lockPrograms && rows.length > 0 && rows.every((r) => r.held);
  return allHeld
    ? payForHeldSeats(tx, { ...opts, familyId: checkout.familyId!, lines })
    : payLineByLine(tx, { ...opts, lines, description: paymentDescription(lines) });
}

type PaymentOptions = { checkout: CheckoutRow; event: GatewayEvent; now: Date; publicUrl: string };

/** Every line's seat is held by the family (so the checkout has one): one statement (held-seats-payment.ts). */
async function payForHeldSeats(
  tx: Db,
  opts: PaymentOptions & { familyId: string; lines: LineRow[] },
): Promise<PaymentWritten> {
  const { checkout, now } = opts;
  await settleCoupon(tx, checkout, now);
  const { payment, written } = heldSeatsPayment({ ...opts, checkout: { ...checkout, familyId: opts.familyId } });
  const [confirmed] = await payHeldSeats(tx, [payment]);
  // Read as held a moment ago: if one changed since (a drop-out in between), the transaction
  // runs again with the program locks (applyPaymentEvent), rather than take them now, after rows.
  if (confirmed !== opts.lines.length) throw new HeldSeatsChanged();
  return written;
}

/**
 * Any other case: the programs' locks first, in id order, then each line on its own (its seat
 * confirmed or taken back, or the line refunded and the family told).
 */
async function payLineByLine(
  tx: Db,
  opts: PaymentOptions & { lines: LineRow[]; description: string },
): Promise<PaymentWritten> {
  const { checkout, event, now, publicUrl, lines } = opts;
  const programIds = [...new Set(lines.flatMap((l) => (l.programId ? [l.programId] : [])))].sort();
  for (const programId of programIds) await lockProgram(tx, programId);
  const paid = await markCheckoutPaid(tx, { checkout, event, now, description: opts.description });
  const confirmed: LineRow[] = [];
  const lost: LineRow[] = [];
  for (const line of lines) {
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

/** Thrown when seats read as held changed before they were confirmed; the payment runs again. */
export class HeldSeatsChanged extends Error {}
