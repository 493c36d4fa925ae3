import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { coveredChildren, subscriptions } from '@kikstart/db';
import { isOneOf } from '../../lib/constant-list.ts';

/** A membership covers children while it is live: active, or past due while its renewal is retried. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const;

/**
 * The family's live membership that covers `childId`, or null. Kept apart from the membership
 * services so the enrollments module imports one lookup, not the module (like open-checkout.ts).
 */
export async function coveringSubscription(tx: Db, opts: { familyId: string; childId: string }) {
  const [row] = await coveringSubscriptionQuery(tx, opts);
  return row?.id ?? null;
}

/**
 * coveringSubscription as a query, to nest in a statement that reads more under the same lock
 * (the ids may be an outer query's columns: `sql\`r.child_id\``).
 */
export const coveringSubscriptionQuery = (tx: Db, opts: { familyId: string | SQL; childId: string | SQL }) =>
  tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(coveredChildren, eq(coveredChildren.subscriptionId, subscriptions.id))
    .where(
      and(
        eq(subscriptions.familyId, opts.familyId),
        isOneOf(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
        eq(coveredChildren.childId, opts.childId),
      ),
    )
    .limit(1);

/**
 * True for an enrollment row (table "enrollments") whose membership still covers it: the
 * subscription it names is live and the child is still attached. A covered seat for which this
 * turns false (plan ended, child detached) becomes a held seat to pay for.
 */
export const stillCovered = sql`exists (
  select 1 from subscriptions s join covered_children cc on cc.subscription_id = s.id
  where s.id = "enrollments"."subscription_id" and cc.child_id = "enrollments"."child_id"
    and s.status in ('active', 'past_due'))`;
