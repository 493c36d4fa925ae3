import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { checkoutLines, checkouts, paymentEvents, transactions } from '@kikstart/db';
import type { GatewayEvent } from './gateway.ts';
import { settleRedemption } from './coupons.service.ts';
import { applyPayment, HeldSeatsChanged, type PaymentWritten } from './paid-checkout.ts';
import { linesWithHoldsJson, type LineWithHold } from './paid-seats.ts';
import { qualified } from '../../lib/qualified-column.ts';
import { writingCte } from '../../lib/writing-cte.ts';
import { applyPlanPayment } from '../memberships/subscribe.service.ts';

type CheckoutRow = typeof checkouts.$inferSelect;

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
  try {
    return await applyEventOnce(opts);
  } catch (err) {
    // Seats read as held changed before they were confirmed: everything rolled back; once more,
    // every line settled under its program's lock.
    if (err instanceof HeldSeatsChanged) return applyEventOnce(opts, { lockPrograms: true });
    throw err;
  }
}

async function applyEventOnce(
  opts: { db: Db; event: GatewayEvent; now: Date; publicUrl: string },
  { lockPrograms = false } = {},
) {
  const { event, now } = opts;
  return opts.db.transaction(async (tx): Promise<{ applied: boolean; written?: PaymentWritten }> => {
    const [found] = await lockCheckoutsRecordingEvents(tx, [{ event, now }]);
    if (!found?.first) return { applied: false };
    const { checkout } = found;
    if (event.type === 'checkout.failed' || event.type === 'checkout.expired')
      await applyFailure(tx, checkout, event, now);
    else if (paidAmountDiffers(checkout, event)) await applyMismatch(tx, checkout, event, now);
    // The payment is being given back: a later event for it, whatever amount it names, confirms nothing.
    else if (await isRefundedForMismatch(tx, checkout, event)) return { applied: true };
    // A membership's first charge starts the subscription (memberships/subscribe.service.ts).
    else if (checkout.planId) await applyPlanPayment(tx, { checkout, event, now, publicUrl: opts.publicUrl });
    else
      return {
        applied: true,
        written: await applyPayment(tx, {
          checkout,
          lines: found.lines,
          event,
          now,
          publicUrl: opts.publicUrl,
          lockPrograms,
        }),
      };
    return { applied: true };
  });
}

type NewEvent = Required<
  Pick<
    typeof paymentEvents.$inferInsert,
    'id' | 'gateway' | 'type' | 'gatewayRef' | 'checkoutId' | 'payload' | 'receivedAt'
  >
>;
// The payment path's statements are fixed queries (fixed-query.ts): built once, run per payment.
const insertEventOnce = fixedQuery((db, p: Placeholders<NewEvent>) =>
  db
    .insert(paymentEvents)
    .values({
      id: p.id,
      gateway: p.gateway,
      type: p.type,
      gatewayRef: p.gatewayRef,
      checkoutId: p.checkoutId,
      payload: p.payload,
      receivedAt: p.receivedAt,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id }),
);

/**
 * Applying events starts with one statement (three an event before, each a round trip while the
 * checkout's row is locked), for one event or for a batch of them (payment-event-batch.ts): the
 * events stored unless they were before, their checkouts locked, in id order, each with the ids
 * of this statement's events that were stored for it (`stored`), and its lines with whether the
 * family still holds each seat, for a payment (applyPayment). No key update: rows that merely
 * reference the checkout (a refund row, an event) do not wait on it. An event whose reference
 * no checkout has is stored all the same (a write in WITH always runs), without a checkout.
 *
 * If a lock had to wait, the checkout row is read again as the other transaction left it, while
 * the lines were read before the wait: a seat read as held that changed meanwhile is caught by
 * the payment's count of confirmed seats (HeldSeatsChanged, which runs it again), and one read as
 * not held is settled line by line under the program locks; either way what is written is
 * decided on rows locked then. The same event applied twice at once: the second's insert waits
 * for the first's, and then stores nothing.
 */
const lockCheckoutsRecordingEventsStatement = fixedQuery((db, p: Placeholders<{ events: string; refs: string[] }>) => {
  const stored = writingCte(
    db,
    'stored',
    sql`insert into ${paymentEvents} ("id", "gateway", "type", "gateway_ref", "checkout_id", "payload", "received_at")
      select e."id", e."gateway", e."type", e."gatewayRef",
        (select c."id" from ${checkouts} c where c."gateway_ref" = e."gatewayRef"), e."payload", e."receivedAt"
      from jsonb_to_recordset(${p.events}::jsonb) as e("id" text, "gateway" text, "type" text, "gatewayRef" text,
        "payload" jsonb, "receivedAt" timestamptz)
      on conflict do nothing
      returning "id", "gateway_ref"`,
  );
  return db
    .with(stored)
    .select({
      checkout: checkouts,
      stored: sql<
        string[]
      >`array(select s."id" from ${stored} s where s."gateway_ref" = ${qualified(checkouts.gatewayRef)})`,
      lines: linesWithHoldsJson,
    })
    .from(checkouts)
    .where(sql`${checkouts.gatewayRef} = any(${p.refs}::text[])`)
    .orderBy(asc(checkouts.id))
    .for('no key update');
});

/** A checkout an event is for, as locked with the event stored: whether this event was stored first, and the checkout's lines. */
export interface LockedForEvent {
  checkout: typeof checkouts.$inferSelect;
  first: boolean;
  lines: LineWithHold[];
}

/** Runs the statement for the events; answers, in their order, each one's checkout (undefined when none has its reference). */
export async function lockCheckoutsRecordingEvents(
  tx: Db,
  events: { event: GatewayEvent; now: Date }[],
): Promise<(LockedForEvent | undefined)[]> {
  const rows = await lockCheckoutsRecordingEventsStatement(tx, {
    events: JSON.stringify(events.map(({ event, now }) => eventValues(event, now))),
    refs: [...new Set(events.map(({ event }) => event.gatewayRef))],
  });
  return events.map(({ event }) => {
    const row = rows.find((r) => r.checkout.gatewayRef === event.gatewayRef);
    return row && { checkout: row.checkout, first: row.stored.includes(event.id), lines: row.lines };
  });
}

/** An event as its row's values (its checkout apart). */
const eventValues = (event: GatewayEvent, now: Date) => ({
  id: event.id,
  gateway: event.gateway,
  type: event.type,
  gatewayRef: event.gatewayRef,
  payload: { ...event },
  receivedAt: now,
});

/**
 * Stores a gateway event by its id; false when it was stored before. The one check that makes
 * every event apply once: call it in the transaction that applies the event's effects.
 */
export async function recordEventOnce(tx: Db, event: GatewayEvent, now: Date, checkoutId: string | null = null) {
  const inserted = await insertEventOnce(tx, { ...eventValues(event, now), checkoutId });
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
export function paidAmountDiffers(checkout: CheckoutRow, event: GatewayEvent) {
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
      // Given back as it was taken: the payment's currency, which may not be the checkout's.
      currency: event.currency?.toLowerCase() ?? checkout.currency,
      description: 'Refund: the amount paid did not match the checkout',
      failureReason: reason,
      idempotencyKey: mismatchRefundKey(event.paymentRef),
      createdAt: now,
    })
    .onConflictDoNothing();
}

const mismatchRefundKey = (paymentRef: string) => `refund:mismatch:${paymentRef}`;

/**
 * Whether this event is for a payment a mismatch refunded (or for an ended-by-mismatch checkout
 * without naming its payment, which cannot be told apart from the refunded one).
 */
async function isRefundedForMismatch(tx: Db, checkout: CheckoutRow, event: GatewayEvent) {
  if (checkout.failureReason !== AMOUNT_MISMATCH) return false;
  if (!event.paymentRef) return true;
  const [refund] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, mismatchRefundKey(event.paymentRef)))
    .limit(1);
  return Boolean(refund);
}

/** Why a checkout whose paid amount differed ends failed (the parent sees it; staff see the amounts). */
export const AMOUNT_MISMATCH = 'The amount paid did not match the checkout total, so it is being refunded';
