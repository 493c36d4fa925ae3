import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { membershipPlans, subscriptions } from '@kikstart/db';
import { ADMIN_MONEY_MESSAGES, type AdminPlan, type AdminPlanUpdate } from '@kikstart/contract/admin-money';
import { AppError } from '../../lib/errors.ts';
import { qualified } from '../../lib/qualified-column.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from './coverage.ts';
import { isOneOf } from '../../lib/constant-list.ts';

const liveMemberships = sql<number>`(select count(*)::int from ${subscriptions} where ${and(
  sql`${subscriptions.planId} = ${qualified(membershipPlans.id)}`,
  isOneOf(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
)})`;

const selectPlans = (db: Db) =>
  db
    .select({
      id: membershipPlans.id,
      slug: membershipPlans.slug,
      name: membershipPlans.name,
      interval: membershipPlans.interval,
      priceCents: membershipPlans.priceCents,
      currency: membershipPlans.currency,
      maxChildren: membershipPlans.maxChildren,
      active: membershipPlans.active,
      liveMemberships,
    })
    .from(membershipPlans);

/** GET /admin/plans: every plan, offered or not, with how many live memberships it has. */
export const listAdminPlans = (db: Db): Promise<AdminPlan[]> => selectPlans(db).orderBy(asc(membershipPlans.sortOrder));

/**
 * PATCH /admin/plans/:id. A new price is what new memberships pay: each membership keeps the
 * price it was bought at for its renewals (subscriptions.price_cents), so nobody's charge changes
 * under them. A new child limit is checked when a family attaches a child; children already
 * covered stay covered. An unpublished plan is no longer offered; its members keep it.
 */
export async function updatePlan(db: Db, id: string, input: AdminPlanUpdate): Promise<AdminPlan> {
  const updated = await db
    .update(membershipPlans)
    .set(input)
    .where(eq(membershipPlans.id, id))
    .returning({ id: membershipPlans.id });
  if (!updated.length) throw new AppError('NOT_FOUND', ADMIN_MONEY_MESSAGES.planNotFound);
  const [plan] = await selectPlans(db).where(eq(membershipPlans.id, id));
  return plan!;
}
