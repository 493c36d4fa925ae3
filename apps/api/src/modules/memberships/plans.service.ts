import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { membershipPlans, programs } from '@kikstart/db';
import { MEMBERSHIP_MESSAGES, type Plan } from '@kikstart/contract/memberships';
import { AppError } from '../../lib/errors.ts';

export type PlanRow = typeof membershipPlans.$inferSelect;

export const planView = (p: PlanRow): Omit<Plan, 'coveredPrograms'> => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  description: p.description,
  interval: p.interval,
  priceCents: p.priceCents,
  currency: p.currency,
  maxChildren: p.maxChildren,
  features: p.features,
});

/**
 * GET /membership-pan/list: the active plans in their order, each with the programs it covers
 * (today the same list for every plan: published programs flagged "covered by membership").
 */
export async function listPlans(db: Db): Promise<Plan[]> {
  const [plans, covered] = await Promise.all([
    db.select().from(membershipPlans).where(eq(membershipPlans.active, true)).orderBy(asc(membershipPlans.sortOrder)),
    db
      .select({ id: programs.id, slug: programs.slug, title: programs.title })
      .from(programs)
      .where(and(eq(programs.published, true), eq(programs.coveredByMembership, true)))
      .orderBy(asc(programs.firstDate), asc(programs.title)),
  ]);
  return plans.map((p) => ({ ...planView(p), coveredPrograms: covered }));
}

/** An active plan by id; anything else is 404. */
export async function loadActivePlan(db: Db, planId: string): Promise<PlanRow> {
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, planId), eq(membershipPlans.active, true)));
  if (!plan) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.planNotFound);
  return plan;
}
