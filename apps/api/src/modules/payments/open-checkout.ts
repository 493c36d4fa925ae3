import { sql } from 'drizzle-orm';

/**
 * True for an enrollment row (table "enrollments") that is a line of a payment still open at
 * `now`: its hold neither lapses nor is reminded while the parent is paying. Kept apart from
 * the payments services so the enrollment sweeper imports one SQL fragment, not the module.
 */
export const inOpenCheckout = (now: Date) => sql`exists (
  select 1 from checkout_lines l join checkouts c on c.id = l.checkout_id
  where l.enrollment_id = "enrollments"."id" and c.status = 'open' and c.expires_at > ${now.toISOString()}::timestamptz)`;
