import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { subscriptions } from '@kikstart/db';
import { MEMBERSHIP_MESSAGES, formatPlanDate, type Subscription } from '@kikstart/contract/memberships';
import { formatMoney } from '../payments/receipts.ts';
import { AppError } from '../../lib/errors.ts';
import type { GatewayEvent, PaymentGateway } from '../payments/gateway.ts';
import { holdUncoveredSeats } from '../enrollments/covered-seats.ts';
import type { MembershipContext } from './covered-children.service.ts';
import { addInterval, upgradeCharge } from './plan-math.ts';
import { periodText, recordPlanCharge } from './plan-charges.ts';
import { loadActivePlan } from './plans.service.ts';
import { planOf, requireLiveSubscription, subscriptionView } from './subscription-view.ts';
import { endSubscription } from './renewals.ts';
import { queueMembershipMail } from './membership-mail.ts';

type Ctx = MembershipContext & { gateway: PaymentGateway };

const INTERVAL_RANK = { month: 1, year: 2 } as const;

async function viewById(db: Db, id: string): Promise<Subscription> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return subscriptionView(db, row!);
}

/**
 * POST /stripe-subscription/cancel: the membership stays active, covering its children, until
 * the end of the paid period and is not charged again; the renewal job then ends it and their
 * seats become held seats to pay for. A membership whose renewal is failing (past due) has no
 * paid period left, so it ends now. Cancelling twice answers the same date.
 */
export async function cancelMembership(ctx: Ctx): Promise<{ subscription: Subscription; message: string }> {
  const { now } = ctx;
  const result = await ctx.db.transaction(async (tx) => {
    const sub = await requireLiveSubscription(tx, ctx.familyId, { lock: true });
    const date = formatPlanDate(sub.currentPeriodEnd);
    if (sub.status === 'past_due') {
      await endSubscription(tx, { sub, now, reason: 'canceled', publicUrl: ctx.publicUrl });
      return { sub, message: MEMBERSHIP_MESSAGES.endedNow, endedNow: true };
    }
    if (sub.cancelAtPeriodEnd) return { sub, message: MEMBERSHIP_MESSAGES.alreadyCancelled(date), endedNow: false };
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    return { sub, message: MEMBERSHIP_MESSAGES.cancelled(date), endedNow: false };
  });
  await ctx.gateway.cancelSubscription({
    subscriptionRef: result.sub.gatewaySubscriptionRef,
    atPeriodEnd: !result.endedNow,
  });
  if (result.endedNow) await holdUncoveredSeats({ db: ctx.db, publicUrl: ctx.publicUrl, now, familyId: ctx.familyId });
  return { subscription: await viewById(ctx.db, result.sub.id), message: result.message };
}

/**
 * POST /stripe-subscription/upgrade: moves the membership to a plan with a longer interval
 * (monthly to yearly) at once, on the same subscription: the saved card is charged the new
 * plan's price less the unused part of the current period (decision 0034), a new period
 * starts today, and the new plan's child limit applies at once. A cancelled membership that is
 * upgraded is renewed again. A declined card changes nothing (402 with the card's reason).
 */
export async function upgradeMembership(ctx: Ctx & { planId: string }) {
  const { now } = ctx;
  const target = await loadActivePlan(ctx.db, ctx.planId);
  const outcome = await ctx.db.transaction(async (tx) => {
    const sub = await requireLiveSubscription(tx, ctx.familyId, { lock: true });
    const current = await planOf(tx, sub.planId);
    if (sub.status === 'past_due') throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.upgradeWhilePastDue);
    if (current.id === target.id) throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.samePlan);
    if (INTERVAL_RANK[target.interval] <= INTERVAL_RANK[current.interval])
      throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.noDowngrade(formatPlanDate(sub.currentPeriodEnd)));
    const { creditCents, chargeCents } = upgradeCharge({
      newPriceCents: target.priceCents,
      currentPriceCents: sub.priceCents,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      now,
    });
    const end = addInterval(now, target.interval);
    const description = `${periodText(`Upgrade to ${target.name}`, now, end, formatPlanDate)} (less ${formatMoney(creditCents, sub.currency)} unused on ${current.name})`;
    let transactionId: string | null = null;
    if (chargeCents > 0) {
      const event: GatewayEvent =
        sub.customerRef && sub.paymentMethodRef
          ? await ctx.gateway.chargeSavedPaymentMethod({
              customerRef: sub.customerRef,
              paymentMethodRef: sub.paymentMethodRef,
              amountCents: chargeCents,
              currency: sub.currency,
              description,
              idempotencyKey: `upgrade:${sub.id}:${target.id}:${sub.currentPeriodStart.toISOString()}`,
              purpose: { kind: 'upgrade', subscriptionId: sub.id },
            })
          : {
              id: `no_card:upgrade:${sub.id}:${now.toISOString()}`,
              gateway: ctx.gateway.name,
              type: 'charge.failed',
              gatewayRef: `no_card:upgrade:${sub.id}`,
              failureReason: 'There is no saved card for this membership.',
            };
      transactionId = await recordPlanCharge(tx, { sub, event, amountCents: chargeCents, description, now });
      // The declined attempt stays in transactions; the plan does not change.
      if (event.type === 'charge.failed')
        return { declined: event.failureReason ?? 'Your card was declined.', subId: sub.id };
    }
    await tx
      .update(subscriptions)
      .set({
        planId: target.id,
        priceCents: target.priceCents,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    if (transactionId)
      await queueMembershipMail(tx, {
        familyId: ctx.familyId,
        publicUrl: ctx.publicUrl,
        mail: {
          kind: 'upgraded',
          plan: target.name,
          amountCents: chargeCents,
          currency: sub.currency,
          transactionId,
          nextChargeAt: end,
        },
      });
    return { declined: null, subId: sub.id };
  });
  if (outcome.declined) throw new AppError('PAYMENT_DECLINED', outcome.declined);
  const subscription = await viewById(ctx.db, outcome.subId);
  return {
    subscription,
    message: MEMBERSHIP_MESSAGES.upgraded(target.name, formatPlanDate(subscription.currentPeriodEnd)),
  };
}
