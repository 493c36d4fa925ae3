import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '@kikstart/db';
import { checkouts, paymentEvents, transactions } from '@kikstart/db';
import type { GatewayEvent, PaymentGateway } from './gateway.ts';
import { applyPaymentEvent } from './payment-events.ts';
import { declineReason, failedCharge, paidCharge, renewalOf } from './stripe-gateway.ts';
import { applyRenewalEvent } from '../memberships/renewals.ts';
import { isOneOf } from '../../lib/constant-list.ts';

type Ctx = {
  db: Db;
  stripe: Stripe;
  gateway: PaymentGateway;
  now: Date;
  publicUrl: string;
  /** How a payment event is applied: alone, or with others arriving at the same moment (payment-event-batch.ts). */
  applyEvent?: typeof applyPaymentEvent;
};

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : (ref?.id ?? undefined);

/**
 * A verified Stripe event, applied once: each is stored by Stripe's event id (payment_events) in
 * the transaction of its effects, so a replay changes nothing, and every effect checks the
 * checkout's state, so events out of order (expired after completed, completed after expired)
 * never undo or double what came first. Answers what was done, for the log.
 */
export async function applyStripeEvent(ctx: Ctx, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      // Delayed methods (bank debits) complete unpaid; their payment_intent.succeeded confirms later.
      if (session.payment_status !== 'paid') return recordOnly(ctx, event, session.id);
      const intentId = idOf(session.payment_intent);
      return apply(ctx, {
        id: event.id,
        gateway: 'stripe',
        type: 'checkout.paid',
        gatewayRef: session.id,
        paymentRef: intentId,
        amountCents: session.amount_total ?? undefined,
        currency: session.currency ?? undefined,
        ...(session.customer && intentId ? await savedCard(ctx, intentId) : {}),
      });
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      if (renewalOf(intent.metadata)) return applyRenewal(ctx, event, intent, paidCharge(intent));
      const gatewayRef = await sessionOf(ctx.db, intent.metadata?.checkoutId);
      // An upgrade's outcome is the off-session create call's answer, recorded in the parent's request.
      if (!gatewayRef) return recordOnly(ctx, event, intent.id);
      return apply(ctx, {
        id: event.id,
        gateway: 'stripe',
        type: 'checkout.paid',
        gatewayRef,
        paymentRef: intent.id,
        amountCents: intent.amount_received,
        currency: intent.currency,
        ...(intent.customer ? await savedCard(ctx, intent.id) : {}),
      });
    }
    case 'checkout.session.expired':
      return apply(ctx, {
        id: event.id,
        gateway: 'stripe',
        type: 'checkout.expired',
        gatewayRef: event.data.object.id,
      });
    case 'charge.refunded':
      return recordRefund(ctx, event, event.data.object);
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      // A declined Checkout attempt leaves the hosted page open for another card, and a declined
      // upgrade is the parent's own request's answer: only a renewal's decline acts here.
      if (!renewalOf(intent.metadata)) return recordOnly(ctx, event, intent.id);
      return applyRenewal(ctx, event, intent, failedCharge(intent.id, declineReason(intent.last_payment_error)));
    }
    default:
      // Events we do not act on, stored so a replay is visibly a no-op.
      return recordOnly(ctx, event, null);
  }
}

/**
 * A renewal's outcome by webhook, keyed like the job's own answer for the same intent
 * (chargeEventId), so the create call's answer and this event act once between them, in either
 * order; the Stripe event is stored by its own id too, so a replay is visibly a no-op.
 */
async function applyRenewal(ctx: Ctx, event: Stripe.Event, intent: Stripe.PaymentIntent, charge: GatewayEvent) {
  const renewal = renewalOf(intent.metadata)!;
  const outcome = await applyRenewalEvent(
    { db: ctx.db, gateway: ctx.gateway, publicUrl: ctx.publicUrl, now: ctx.now },
    { ...renewal, event: charge, amountCents: intent.amount },
  );
  await recordOnly(ctx, event, intent.id);
  return outcome ? `renewal ${outcome}` : 'renewal already recorded or not due';
}

async function apply(ctx: Ctx, event: GatewayEvent) {
  const applyEvent = ctx.applyEvent ?? applyPaymentEvent;
  const { applied } = await applyEvent({ db: ctx.db, event, now: ctx.now, publicUrl: ctx.publicUrl });
  return applied ? 'applied' : 'already applied or no checkout';
}

async function recordOnly(ctx: Ctx, event: Stripe.Event, gatewayRef: string | null) {
  await ctx.db
    .insert(paymentEvents)
    .values({
      id: event.id,
      gateway: 'stripe',
      type: event.type,
      gatewayRef,
      payload: { stripeType: event.type },
      receivedAt: ctx.now,
    })
    .onConflictDoNothing();
  return 'recorded';
}

async function sessionOf(db: Db, checkoutId: string | undefined) {
  if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return undefined;
  const [row] = await db.select({ ref: checkouts.gatewayRef }).from(checkouts).where(eq(checkouts.id, checkoutId));
  return row?.ref ?? undefined;
}

/** A plan's first payment: the card Stripe saved for off-session renewals (the intent names it). */
async function savedCard(ctx: Ctx, intentId: string): Promise<Partial<GatewayEvent>> {
  const intent = await ctx.stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
  const method = typeof intent.payment_method === 'string' ? null : intent.payment_method;
  const paymentMethodRef = idOf(intent.payment_method);
  const customerRef = idOf(intent.customer);
  if (!paymentMethodRef || !customerRef) return {};
  return {
    customerRef,
    paymentMethodRef,
    // No Stripe subscription: KikStart's job renews (stripe-gateway.ts).
    subscriptionRef: undefined,
    ...(method?.card?.last4 ? { cardLast4: method.card.last4 } : {}),
  };
}

/**
 * charge.refunded: our own refunds are already recorded (pending, then sent by the worker); a
 * refund made in the Stripe dashboard is recorded here for the part not already known, so the
 * family's transactions and the books agree with Stripe. The event is stored in the same
 * transaction, so a replay adds nothing.
 */
async function recordRefund(ctx: Ctx, event: Stripe.Event, charge: Stripe.Charge) {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return recordOnly(ctx, event, null);
  return ctx.db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.paymentRef, intentId)).for('update');
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        gateway: 'stripe',
        type: event.type,
        gatewayRef: checkout?.gatewayRef ?? null,
        checkoutId: checkout?.id ?? null,
        payload: { stripeType: event.type, charge: charge.id, amountRefunded: charge.amount_refunded },
        receivedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!inserted.length || !checkout) return 'already recorded or no checkout';
    const [known] = await tx
      .select({ cents: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::int` })
      .from(transactions)
      .where(
        and(
          eq(transactions.checkoutId, checkout.id),
          eq(transactions.kind, 'refund'),
          isOneOf(transactions.status, ['pending', 'succeeded']),
        ),
      );
    const missing = charge.amount_refunded - (known?.cents ?? 0);
    if (missing <= 0) return 'refund already recorded';
    await tx.insert(transactions).values({
      familyId: checkout.familyId,
      checkoutId: checkout.id,
      kind: 'refund',
      status: 'succeeded',
      amountCents: missing,
      currency: checkout.currency,
      description: 'Refund made by staff in Stripe',
      gatewayRef: event.id,
      createdAt: ctx.now,
      settledAt: ctx.now,
    });
    return 'refund recorded';
  });
}
