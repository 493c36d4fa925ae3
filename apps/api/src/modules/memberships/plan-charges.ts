import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, paymentEvents, transactions } from '@kikstart/db';
import { recordEventOnce } from '../payments/payment-events.ts';
import type { GatewayEvent } from '../payments/gateway.ts';
import type { SubscriptionRow } from './subscription-view.ts';

/**
 * Records one off-session charge of a plan (a renewal, a retry or an upgrade) once, keyed by the
 * gateway's event id, as a checkout with one line and its transaction: every plan charge is then
 * listed in transactions, and a paid one has a receipt like any payment. Answers the transaction
 * id, or null when the event was already applied. Call in the transaction that applies its effects.
 */
export async function recordPlanCharge(
  tx: Db,
  opts: { sub: SubscriptionRow; event: GatewayEvent; amountCents: number; description: string; now: Date },
): Promise<string | null> {
  const { sub, event, now } = opts;
  if (!(await recordEventOnce(tx, event, now))) return null;
  const paid = event.type === 'charge.paid';
  const [checkout] = await tx
    .insert(checkouts)
    .values({
      familyId: sub.familyId,
      gateway: event.gateway,
      gatewayRef: event.gatewayRef,
      paymentRef: paid ? (event.paymentRef ?? null) : null,
      status: paid ? 'paid' : 'failed',
      currency: sub.currency,
      subtotalCents: opts.amountCents,
      siblingDiscountCents: 0,
      couponDiscountCents: 0,
      totalCents: opts.amountCents,
      siblingPercent: 0,
      subscriptionId: sub.id,
      failureReason: paid ? null : (event.failureReason ?? null),
      expiresAt: now,
      paidAt: paid ? now : null,
      endedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: checkouts.id });
  await tx.update(paymentEvents).set({ checkoutId: checkout!.id }).where(eq(paymentEvents.id, event.id));
  await tx.insert(checkoutLines).values({
    checkoutId: checkout!.id,
    programTitle: opts.description,
    status: paid ? 'paid' : 'released',
    priceCents: opts.amountCents,
    siblingDiscountCents: 0,
    couponDiscountCents: 0,
    totalCents: opts.amountCents,
  });
  const [row] = await tx
    .insert(transactions)
    .values({
      familyId: sub.familyId,
      checkoutId: checkout!.id,
      kind: paid ? 'payment' : 'failed',
      status: paid ? 'succeeded' : 'failed',
      amountCents: opts.amountCents,
      currency: sub.currency,
      description: opts.description,
      failureReason: paid ? null : (event.failureReason ?? null),
      gatewayRef: event.paymentRef ?? event.gatewayRef,
      createdAt: now,
      settledAt: paid ? now : null,
    })
    .returning({ id: transactions.id });
  return row!.id;
}

/** The period a charge pays for, as the receipt line says it: "Super Parent Monthly, March 3, 2027 to April 3, 2027". */
export const periodText = (plan: string, from: Date, to: Date, fmt: (d: Date) => string) =>
  `${plan}, ${fmt(from)} to ${fmt(to)}`;
