import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { coveredChildren } from '@kikstart/db';
import { MEMBERSHIP_MESSAGES, type Subscription } from '@kikstart/contract/memberships';
import { AppError } from '../../lib/errors.ts';
import { loadChild } from '../children/children.service.ts';
import { confirmCoveredHolds, holdUncoveredSeats } from '../enrollments/covered-seats.ts';
import { planOf, requireLiveSubscription, subscriptionView } from './subscription-view.ts';

export interface MembershipContext {
  db: Db;
  familyId: string;
  userId: string;
  publicUrl: string;
  /** The request's time, from the app clock. */
  now: Date;
}

/** A child of the family, or 404 with the same words for a child of another family (ids are not confirmed to exist). */
async function familyChild(ctx: MembershipContext, childId: string) {
  const child = await loadChild(ctx.db, ctx.familyId, childId).catch(() => null);
  if (!child) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.childNotFound);
  return child;
}

/**
 * POST /stripe-subscription/enroll-super-child: attaches a child to the family's membership.
 * The membership's row lock is held while the covered children are counted and the new one is
 * added, so concurrent requests (two guardians, a double click) never pass the plan's limit.
 * The child's unpaid holds in covered programs are confirmed in the same transaction.
 */
export async function attachChild(
  ctx: MembershipContext & { childId: string },
): Promise<{ subscription: Subscription; message: string }> {
  const child = await familyChild(ctx, ctx.childId);
  const name = `${child.firstName} ${child.lastName}`;
  const message = await ctx.db.transaction(async (tx) => {
    const sub = await requireLiveSubscription(tx, ctx.familyId, { lock: true });
    const [already] = await tx
      .select({ childId: coveredChildren.childId })
      .from(coveredChildren)
      .where(and(eq(coveredChildren.subscriptionId, sub.id), eq(coveredChildren.childId, child.id)));
    if (already) return MEMBERSHIP_MESSAGES.childAlreadyAttached(name);
    const plan = await planOf(tx, sub.planId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(coveredChildren)
      .where(eq(coveredChildren.subscriptionId, sub.id));
    if ((count?.n ?? 0) >= plan.maxChildren)
      throw new AppError('CHILD_LIMIT', MEMBERSHIP_MESSAGES.childLimit(plan.name, plan.maxChildren));
    await tx.insert(coveredChildren).values({ subscriptionId: sub.id, childId: child.id, attachedAt: ctx.now });
    await confirmCoveredHolds(tx, { familyId: ctx.familyId, childId: child.id, subscriptionId: sub.id, now: ctx.now });
    return MEMBERSHIP_MESSAGES.childAttached(name);
  });
  return { subscription: await subscriptionView(ctx.db, await requireLiveSubscription(ctx.db, ctx.familyId)), message };
}

/**
 * POST /stripe-subscription/detach-child: the child is no longer covered, which frees a place
 * for another child on the same plan. Seats the membership paid for become held seats to pay
 * for (holdUncoveredSeats, after the detach commits).
 */
export async function detachChild(
  ctx: MembershipContext & { childId: string },
): Promise<{ subscription: Subscription; message: string }> {
  const child = await familyChild(ctx, ctx.childId);
  await ctx.db.transaction(async (tx) => {
    const sub = await requireLiveSubscription(tx, ctx.familyId, { lock: true });
    const removed = await tx
      .delete(coveredChildren)
      .where(and(eq(coveredChildren.subscriptionId, sub.id), eq(coveredChildren.childId, child.id)))
      .returning({ childId: coveredChildren.childId });
    if (!removed.length) throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.childNotAttached);
  });
  await holdUncoveredSeats({ db: ctx.db, publicUrl: ctx.publicUrl, now: ctx.now, familyId: ctx.familyId });
  return {
    subscription: await subscriptionView(ctx.db, await requireLiveSubscription(ctx.db, ctx.familyId)),
    message: MEMBERSHIP_MESSAGES.childDetached(`${child.firstName} ${child.lastName}`),
  };
}
