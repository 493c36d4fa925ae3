import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, coveredChildren, membershipPlans, subscriptions } from '@kikstart/db';
import { MEMBERSHIP_MESSAGES, type Billing, type Subscription } from '@kikstart/contract/memberships';
import { AppError } from '../../lib/errors.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from './coverage.ts';
import { planView, type PlanRow } from './plans.service.ts';
import { isOneOf } from '../../lib/constant-list.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The family's live membership (active or past due), or null. `lock` takes its row lock: every
 * change to a membership (attach, detach, cancel, upgrade, renewal) holds it, so the child limit
 * is counted by one request at a time and a renewal never races a cancellation.
 */
export async function findLiveSubscription(db: Db, familyId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.familyId, familyId), isOneOf(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function requireLiveSubscription(db: Db, familyId: string, opts: { lock?: boolean } = {}) {
  const row = await findLiveSubscription(db, familyId, opts);
  if (!row) throw new AppError('NO_MEMBERSHIP', MEMBERSHIP_MESSAGES.noMembership);
  return row;
}

export async function planOf(db: Db, planId: string): Promise<PlanRow> {
  const [plan] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, planId));
  return plan!;
}

/** A membership as the parent sees it: plan, period, next charge, covered children, a failed renewal. */
export async function subscriptionView(db: Db, row: SubscriptionRow): Promise<Subscription> {
  const plan = await planOf(db, row.planId);
  const covered = await db
    .select({
      childId: children.id,
      first: children.firstName,
      last: children.lastName,
      at: coveredChildren.attachedAt,
    })
    .from(coveredChildren)
    .innerJoin(children, eq(children.id, coveredChildren.childId))
    .where(eq(coveredChildren.subscriptionId, row.id))
    .orderBy(asc(coveredChildren.attachedAt));
  const live = row.status !== 'ended';
  const nextChargeAt =
    !live || row.cancelAtPeriodEnd ? null : row.status === 'past_due' ? row.nextAttemptAt : row.currentPeriodEnd;
  return {
    id: row.id,
    status: row.status,
    plan: planView(plan),
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endsAt: row.cancelAtPeriodEnd ? row.currentPeriodEnd.toISOString() : (row.endedAt?.toISOString() ?? null),
    nextChargeAt: nextChargeAt?.toISOString() ?? null,
    nextChargeCents: nextChargeAt ? row.priceCents : null,
    cardLast4: row.cardLast4,
    coveredChildren: covered.map((c) => ({
      childId: c.childId,
      name: `${c.first} ${c.last}`,
      attachedAt: c.at.toISOString(),
    })),
    renewalFailure:
      row.failedAttempts > 0 && row.lastFailureReason
        ? {
            reason: row.lastFailureReason,
            failedAttempts: row.failedAttempts,
            nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
          }
        : null,
  };
}

/** GET /stripe-subscription/details: the billing page (and the dashboard's renewal notice). */
export async function getBilling(opts: { db: Db; familyId: string }): Promise<Billing> {
  const { db, familyId } = opts;
  const live = await findLiveSubscription(db, familyId);
  const [ended] = live
    ? []
    : await db
        .select({ endedAt: subscriptions.endedAt, reason: subscriptions.endReason })
        .from(subscriptions)
        .where(and(eq(subscriptions.familyId, familyId), eq(subscriptions.status, 'ended')))
        .orderBy(desc(subscriptions.endedAt))
        .limit(1);
  const subscription = live ? await subscriptionView(db, live) : null;
  const coveredIds = new Set(subscription?.coveredChildren.map((c) => c.childId) ?? []);
  const kids = await db
    .select({ id: children.id, first: children.firstName, last: children.lastName })
    .from(children)
    .where(eq(children.familyId, familyId))
    .orderBy(asc(children.firstName), asc(children.createdAt));
  return {
    subscription,
    lastEnded: ended?.endedAt ? { endedAt: ended.endedAt.toISOString(), reason: ended.reason ?? 'canceled' } : null,
    children: kids.map((k) => ({ id: k.id, name: `${k.first} ${k.last}`, covered: coveredIds.has(k.id) })),
  };
}

/** The family's memberships and their covered children, for the data download (without gateway references). */
export async function exportFamilyMemberships(db: Db, familyId: string) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.familyId, familyId))
    .orderBy(asc(subscriptions.createdAt));
  const out = [];
  for (const { customerRef: _c, paymentMethodRef: _p, gatewaySubscriptionRef: _s, ...row } of rows) {
    const covered = await db
      .select({ childId: coveredChildren.childId, attachedAt: coveredChildren.attachedAt })
      .from(coveredChildren)
      .where(eq(coveredChildren.subscriptionId, row.id));
    out.push({ ...row, plan: (await planOf(db, row.planId)).name, coveredChildren: covered });
  }
  return out;
}
