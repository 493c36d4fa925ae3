import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import { subscriptions } from '@kikstart/db';
import { RENEWAL_RETRY_DAYS, formatPlanDate } from '@kikstart/contract/memberships';
import type { GatewayEvent, PaymentGateway } from '../payments/gateway.ts';
import { holdUncoveredSeats } from '../enrollments/covered-seats.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from './coverage.ts';
import { addInterval } from './plan-math.ts';
import { periodText, recordPlanCharge } from './plan-charges.ts';
import { planOf, type SubscriptionRow } from './subscription-view.ts';
import { queueMembershipMail } from './membership-mail.ts';
import { isOneOf } from '../../lib/constant-list.ts';

export interface RenewalContext {
  db: Db;
  gateway: PaymentGateway;
  publicUrl: string;
  /** The job's time, from the app clock (tests move a ManualClock). */
  now: Date;
  log?: FastifyBaseLogger;
  /** A shutdown: stop before the next membership. */
  signal?: AbortSignal;
}

const NO_SAVED_CARD = 'There is no saved card for this membership.';

/** Ends a membership now (its children stop being covered; holdUncoveredSeats turns their seats into holds). */
export async function endSubscription(
  tx: Db,
  opts: {
    sub: SubscriptionRow;
    now: Date;
    reason: 'canceled' | 'renewal_failed' | 'family_deleted';
    publicUrl: string;
  },
) {
  const { sub, now } = opts;
  await tx
    .update(subscriptions)
    .set({ status: 'ended', endedAt: now, endReason: opts.reason, nextAttemptAt: null, updatedAt: now })
    .where(eq(subscriptions.id, sub.id));
  if (sub.familyId && opts.reason !== 'family_deleted') {
    const plan = await planOf(tx, sub.planId);
    await queueMembershipMail(tx, {
      familyId: sub.familyId,
      publicUrl: opts.publicUrl,
      mail: { kind: 'ended', plan: plan.name, reason: opts.reason },
    });
  }
}

/** The period a renewal pays for and which attempt it is, from the membership as it stands. */
function renewalTerms(sub: SubscriptionRow, plan: Awaited<ReturnType<typeof planOf>>) {
  const from = sub.currentPeriodEnd;
  const to = addInterval(from, plan.interval);
  return {
    from,
    to,
    attempt: sub.failedAttempts + 1,
    description: periodText(`${plan.name} renewal`, from, to, formatPlanDate),
  };
}

type RenewalTerms = ReturnType<typeof renewalTerms>;
type RenewalResult = 'renewed' | 'failed' | 'ended' | null;

/**
 * One due membership, in its own transaction with its row locked (`skip locked`: several API
 * processes share the job, and a parent's cancel or upgrade holding the lock is skipped until
 * the next run). A cancelled one past its period end ends; a due one is charged on the saved
 * card. The gateway call is made holding the lock, with an idempotency key per period and
 * attempt, so a crash between the charge and the commit retries the same charge, never a second.
 */
async function renewOne(ctx: RenewalContext, id: string): Promise<RenewalResult> {
  const { now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), isOneOf(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES)))
      .for('update', { skipLocked: true });
    if (!sub) return null;
    if (!sub.familyId) {
      // The family deleted its account: nobody to charge or cover.
      await endSubscription(tx, { sub, now, reason: 'family_deleted', publicUrl: ctx.publicUrl });
      return 'ended';
    }
    if (sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now) {
      await endSubscription(tx, { sub, now, reason: 'canceled', publicUrl: ctx.publicUrl });
      return 'ended';
    }
    const due = sub.status === 'active' ? sub.currentPeriodEnd <= now : !!sub.nextAttemptAt && sub.nextAttemptAt <= now;
    if (!due || sub.cancelAtPeriodEnd) return null;
    const plan = await planOf(tx, sub.planId);
    const terms = renewalTerms(sub, plan);
    const { from, attempt } = terms;
    const event =
      sub.customerRef && sub.paymentMethodRef
        ? await ctx.gateway.chargeSavedPaymentMethod({
            customerRef: sub.customerRef,
            paymentMethodRef: sub.paymentMethodRef,
            amountCents: sub.priceCents,
            currency: sub.currency,
            description: terms.description,
            idempotencyKey: `renewal:${sub.id}:${from.toISOString()}:${attempt}`,
            purpose: { kind: 'renewal', subscriptionId: sub.id, periodStart: from, attempt },
          })
        : {
            id: `no_card:${sub.id}:${from.toISOString()}:${attempt}`,
            gateway: ctx.gateway.name,
            type: 'charge.failed' as const,
            gatewayRef: `no_card:${sub.id}:${attempt}`,
            failureReason: NO_SAVED_CARD,
          };
    return recordRenewalOutcome(tx, ctx, { sub, plan, terms, event, amountCents: sub.priceCents });
  });
}

/**
 * A renewal charge's outcome, recorded once by the gateway's event id (the create call's answer
 * and the provider's webhook for the same charge share it, so whichever comes second does
 * nothing): paid starts the next period; declined makes the membership past due with a retry
 * 3 and then 7 days after the renewal was due, and the third decline ends it, as a cancellation
 * does. Call in the transaction holding the membership's row lock.
 */
async function recordRenewalOutcome(
  tx: Db,
  ctx: RenewalContext,
  opts: {
    sub: SubscriptionRow;
    plan: Awaited<ReturnType<typeof planOf>>;
    terms: RenewalTerms;
    event: GatewayEvent;
    amountCents: number;
  },
): Promise<RenewalResult> {
  const { sub, plan, event, amountCents } = opts;
  const { from, to, attempt, description } = opts.terms;
  const { now } = ctx;
  if (!sub.familyId) return null;
  const transactionId = await recordPlanCharge(tx, { sub, event, amountCents, description, now });
  if (!transactionId) return null;
  if (event.type === 'charge.paid') {
    await tx
      .update(subscriptions)
      .set({
        status: 'active',
        currentPeriodStart: from,
        currentPeriodEnd: to,
        failedAttempts: 0,
        nextAttemptAt: null,
        lastFailureReason: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    await queueMembershipMail(tx, {
      familyId: sub.familyId,
      publicUrl: ctx.publicUrl,
      mail: {
        kind: 'renewed',
        plan: plan.name,
        amountCents,
        currency: sub.currency,
        transactionId,
        nextChargeAt: to,
      },
    });
    return 'renewed';
  }
  const reason = event.failureReason ?? 'The card was declined.';
  const retryDays = RENEWAL_RETRY_DAYS[attempt - 1];
  if (retryDays === undefined) {
    // The first try and both retries failed: the membership ends, as a cancellation does.
    await tx
      .update(subscriptions)
      .set({ failedAttempts: attempt, lastFailureReason: reason, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await endSubscription(tx, { sub, now, reason: 'renewal_failed', publicUrl: ctx.publicUrl });
    await ctx.gateway.cancelSubscription({ subscriptionRef: sub.gatewaySubscriptionRef, atPeriodEnd: false });
    return 'ended';
  }
  // Retries count from the day the renewal was due, so they are spread over a week whenever the job runs.
  const nextAttemptAt = new Date(Math.max(from.getTime() + retryDays * 86_400_000, now.getTime() + 3_600_000));
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', failedAttempts: attempt, nextAttemptAt, lastFailureReason: reason, updatedAt: now })
    .where(eq(subscriptions.id, sub.id));
  await queueMembershipMail(tx, {
    familyId: sub.familyId,
    publicUrl: ctx.publicUrl,
    mail: { kind: 'renewal-failed', plan: plan.name, reason, nextAttemptAt },
  });
  return 'failed';
}

/**
 * A renewal charge's outcome told by the provider's webhook (Stripe's payment_intent.succeeded or
 * .payment_failed for an intent the job created): the same rules as the job's own answer. The
 * row lock is waited for, not skipped: the job holds it while its charge call is in flight and
 * records that answer first, which makes this a no-op. An event for another period or attempt
 * than the one now due (a late event for an attempt already decided) changes nothing. When the
 * membership ends, the seats it covered become held seats at once, as after the job's pass.
 */
export async function applyRenewalEvent(
  ctx: RenewalContext,
  input: { subscriptionId: string; periodStart: Date; attempt: number; event: GatewayEvent; amountCents: number },
): Promise<RenewalResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, input.subscriptionId), isOneOf(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES)))
      .for('update');
    if (!sub) return { outcome: null, familyId: null };
    const plan = await planOf(tx, sub.planId);
    const terms = renewalTerms(sub, plan);
    if (terms.from.getTime() !== input.periodStart.getTime() || terms.attempt !== input.attempt)
      return { outcome: null, familyId: null };
    const outcome = await recordRenewalOutcome(tx, ctx, {
      sub,
      plan,
      terms,
      event: input.event,
      amountCents: input.amountCents,
    });
    return { outcome, familyId: sub.familyId };
  });
  if (result.outcome === 'ended' && result.familyId)
    await holdUncoveredSeats({ db: ctx.db, publicUrl: ctx.publicUrl, now: ctx.now, familyId: result.familyId });
  return result.outcome;
}

/**
 * The renewal job (every few minutes, and called directly by tests with a moved clock): charges
 * due memberships, retries failed ones, ends cancelled and finally failed ones, then turns the
 * seats no membership covers any more into held seats (mailed; released after 7 days unpaid).
 */
export async function runRenewals(ctx: RenewalContext) {
  const { now } = ctx;
  const due = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        isOneOf(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
        or(
          and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
          and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextAttemptAt, now)),
          and(eq(subscriptions.cancelAtPeriodEnd, true), lte(subscriptions.currentPeriodEnd, now)),
          isNull(subscriptions.familyId),
        ),
      ),
    );
  const counts = { renewed: 0, failed: 0, ended: 0, held: 0 };
  for (const { id } of due) {
    if (ctx.signal?.aborted) return counts;
    const result = await renewOne(ctx, id).catch((err: unknown) => {
      ctx.log?.warn({ err, subscriptionId: id }, 'a membership renewal did not run; it is tried on the next pass');
      return null;
    });
    if (result) counts[result] += 1;
  }
  counts.held = await holdUncoveredSeats({ db: ctx.db, publicUrl: ctx.publicUrl, now });
  return counts;
}
