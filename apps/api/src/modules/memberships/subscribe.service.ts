import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, coupons, subscriptions, transactions } from '@kikstart/db';
import { CHECKOUT_MINUTES } from '@kikstart/contract/payments';
import {
  MEMBERSHIP_MESSAGES,
  type PlanCheckout,
  type SubscriptionInitiateInput,
  type SubscriptionOutcome,
} from '@kikstart/contract/memberships';
import { mailLink } from '@kikstart/contract/mail-links';
import { AppError } from '../../lib/errors.ts';
import type { GatewayEvent } from '../payments/gateway.ts';
import { endCheckout, loadFamilyCheckout, openPaymentPage, type PaymentContext } from '../payments/checkout.service.ts';
import { assertCouponLimits, reserveCoupon, type CouponRow } from '../payments/coupons.service.ts';
import { applyPaymentEvent } from '../payments/payment-events.ts';
import { markCheckoutPaid } from '../payments/paid-checkout.ts';
import { refundLine, settlePendingRefunds } from '../payments/refunds.ts';
import { addInterval, planCouponDiscount } from './plan-math.ts';
import { loadActivePlan, type PlanRow } from './plans.service.ts';
import { findLiveSubscription, planOf, subscriptionView } from './subscription-view.ts';
import { queueMembershipMail } from './membership-mail.ts';

type CheckoutRow = typeof checkouts.$inferSelect;

/** 422 under the coupon field, so the plans page shows it there. */
const refuse = (message: string) => new AppError('UNPROCESSABLE', message, { couponCode: message });

/** A membership coupon for this plan, checked (and, with `lock`, row-locked so its limits hold under concurrent use). */
async function findPlanCoupon(tx: Db, opts: { code: string; plan: PlanRow; now: Date; lock?: boolean }) {
  const query = tx.select().from(coupons).where(eq(coupons.code, opts.code));
  const [coupon]: CouponRow[] = opts.lock ? await query.for('update') : await query;
  if (!coupon || !coupon.active) throw refuse('This coupon code is not valid');
  if (!coupon.forPlans) throw refuse(MEMBERSHIP_MESSAGES.couponNotForPlans);
  if (coupon.validFrom && coupon.validFrom > opts.now) throw refuse('This coupon code is not valid yet');
  if (coupon.validUntil && coupon.validUntil <= opts.now) throw refuse('This coupon code has expired');
  if (coupon.planIds && !coupon.planIds.includes(opts.plan.id)) throw refuse(MEMBERSHIP_MESSAGES.couponNotForPlan);
  if (coupon.kind === 'amount' && coupon.currency !== opts.plan.currency)
    throw refuse('This coupon code does not apply to payments in this currency');
  return coupon;
}

/**
 * POST /stripe-subscription/initiate: starts buying a plan. Like a one-time payment (0013), the
 * price is the server's, the coupon is locked and reserved, and a checkout with one line (the
 * plan) is stored; then the gateway's page opens in subscription mode, which saves the card for
 * renewals. A family with a live membership changes it instead (409).
 */
export async function initiatePlanCheckout(
  ctx: PaymentContext & { input: SubscriptionInitiateInput },
): Promise<PlanCheckout> {
  const { db, now, familyId } = ctx;
  const plan = await loadActivePlan(db, ctx.input.planId);
  if (await findLiveSubscription(db, familyId))
    throw new AppError('ALREADY_SUBSCRIBED', MEMBERSHIP_MESSAGES.alreadySubscribed);
  const expiresAt = new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
  const checkout = await db.transaction(async (tx) => {
    const coupon = ctx.input.couponCode
      ? await findPlanCoupon(tx, { code: ctx.input.couponCode, plan, now, lock: true })
      : null;
    const discount = coupon ? planCouponDiscount(plan.priceCents, coupon) : 0;
    const [row] = await tx
      .insert(checkouts)
      .values({
        familyId,
        createdBy: ctx.userId,
        gateway: ctx.gateway.name,
        currency: plan.currency,
        subtotalCents: plan.priceCents,
        siblingDiscountCents: 0,
        couponDiscountCents: discount,
        totalCents: plan.priceCents - discount,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        siblingPercent: 0,
        planId: plan.id,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(checkoutLines).values({
      checkoutId: row!.id,
      programTitle: `${plan.name} membership`,
      priceCents: plan.priceCents,
      siblingDiscountCents: 0,
      couponDiscountCents: discount,
      totalCents: plan.priceCents - discount,
    });
    if (coupon) {
      await assertCouponLimits(tx, coupon, familyId);
      await reserveCoupon(tx, { coupon, checkoutId: row!.id, familyId, now });
    }
    return row!;
  });
  const session = await openPaymentPage(ctx, checkout.id, 'The payment page could not open', {
    lines: [{ description: `${plan.name} membership`, amountCents: checkout.totalCents }],
    amountCents: checkout.totalCents,
    currency: checkout.currency,
    successUrl: mailLink(ctx.publicUrl, 'membershipResult', { id: checkout.id }),
    cancelUrl: mailLink(ctx.publicUrl, 'membershipResult', { id: checkout.id, cancelled: '1' }),
    mode: 'subscription',
  });
  return {
    checkoutId: checkout.id,
    planName: plan.name,
    priceCents: plan.priceCents,
    couponDiscountCents: checkout.couponDiscountCents,
    totalCents: checkout.totalCents,
    currency: checkout.currency,
    coupon: checkout.couponCode,
    redirectUrl: session.redirectUrl,
    expiresAt: expiresAt.toISOString(),
  };
}

async function loadPlanCheckout(db: Db, familyId: string, checkoutId: string) {
  const checkout = await loadFamilyCheckout(db, familyId, checkoutId).catch(() => null);
  if (!checkout?.planId) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notAPlanPayment);
  return checkout;
}

async function planOutcome(db: Db, checkout: CheckoutRow): Promise<SubscriptionOutcome> {
  const [payment] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.checkoutId, checkout.id));
  const [sub] = checkout.subscriptionId
    ? await db.select().from(subscriptions).where(eq(subscriptions.id, checkout.subscriptionId))
    : [];
  return {
    checkoutId: checkout.id,
    state: checkout.status,
    failureReason: checkout.failureReason,
    transactionId: checkout.status === 'paid' ? (payment?.id ?? null) : null,
    subscription: sub ? await subscriptionView(db, sub) : null,
  };
}

/**
 * POST /stripe-subscription/create: when the parent comes back from the payment page, asks the
 * gateway for the outcome (never the browser) and applies it once; a paid event starts the
 * membership (applyPlanPayment). `cancel` ends an unpaid checkout (the parent gave up).
 */
export async function confirmPlanCheckout(
  ctx: PaymentContext & { checkoutId: string; cancel?: boolean },
): Promise<SubscriptionOutcome> {
  const { db, now } = ctx;
  let checkout = await loadPlanCheckout(db, ctx.familyId, ctx.checkoutId);
  if (checkout.status !== 'paid' && checkout.gatewayRef) {
    const outcome = await ctx.gateway.retrieveCheckoutSession(checkout.gatewayRef);
    if (outcome.state !== 'open') {
      await applyPaymentEvent({ db, event: outcome.event, now, publicUrl: ctx.publicUrl });
      await settlePendingRefunds({ db, gateway: ctx.gateway, now });
    } else if (ctx.cancel && checkout.status === 'open') {
      await ctx.gateway.cancelCheckoutSession(checkout.gatewayRef);
      await endCheckout(db, { checkoutId: checkout.id, status: 'cancelled', now });
    }
    checkout = await loadPlanCheckout(db, ctx.familyId, ctx.checkoutId);
  }
  return planOutcome(db, checkout);
}

/**
 * A paid plan checkout (from applyPaymentEvent, in its transaction): the checkout is paid, the
 * coupon redeemed, the payment recorded and the membership starts now for one interval with the
 * saved card. A family that already has a live membership (two plans paid at once) is refunded
 * this one in full instead: never two plans, never money kept for nothing.
 */
export async function applyPlanPayment(
  tx: Db,
  opts: { checkout: CheckoutRow; event: GatewayEvent; now: Date; publicUrl: string },
) {
  const { checkout, event, now } = opts;
  if (checkout.status === 'paid') return;
  const [line] = await tx.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, checkout.id));
  const { transactionId: paymentId } = await markCheckoutPaid(tx, {
    checkout,
    event,
    now,
    description: line?.programTitle ?? 'Membership',
  });
  const plan = await planOf(tx, checkout.planId!);
  const end = addInterval(now, plan.interval);
  const started = checkout.familyId
    ? await tx
        .insert(subscriptions)
        .values({
          familyId: checkout.familyId,
          createdBy: checkout.createdBy,
          planId: plan.id,
          gateway: checkout.gateway,
          customerRef: event.customerRef ?? null,
          paymentMethodRef: event.paymentMethodRef ?? null,
          gatewaySubscriptionRef: event.subscriptionRef ?? null,
          cardLast4: event.cardLast4 ?? null,
          currency: checkout.currency,
          priceCents: line?.priceCents ?? plan.priceCents,
          currentPeriodStart: now,
          currentPeriodEnd: end,
          createdAt: now,
          updatedAt: now,
        })
        // The family's one live membership is a unique index: a second paid plan inserts nothing.
        .onConflictDoNothing()
        .returning({ id: subscriptions.id })
    : [];
  if (started[0] && line) {
    await tx.update(checkoutLines).set({ status: 'paid' }).where(eq(checkoutLines.id, line.id));
    await tx.update(checkouts).set({ subscriptionId: started[0].id }).where(eq(checkouts.id, checkout.id));
    await queueMembershipMail(tx, {
      familyId: checkout.familyId!,
      publicUrl: opts.publicUrl,
      mail: {
        kind: 'started',
        plan: plan.name,
        amountCents: checkout.totalCents,
        currency: checkout.currency,
        transactionId: paymentId,
        nextChargeAt: end,
      },
    });
  } else if (line) {
    await refundLine(tx, {
      checkout,
      line,
      now,
      reason: 'already_subscribed',
      description: `Refund: ${plan.name} (your family already had a membership)`,
    });
  }
}
