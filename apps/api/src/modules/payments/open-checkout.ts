import { sql } from 'drizzle-orm';
import { checkouts } from '@kikstart/db';

/**
 * True for an enrollment row (table "enrollments") that is a line of a payment still open at
 * `now`: its hold neither lapses nor is reminded while the parent is paying. Kept apart from
 * the payments services so the enrollment sweeper imports one SQL fragment, not the module.
 * `now` is only sent, encoded by the column it is compared with, never read here: it may be a
 * placeholder (the enrollment batch's facts are a fixed query).
 */
export const inOpenCheckout = (now: Date) => sql`exists (
  select 1 from checkout_lines l join checkouts c on c.id = l.checkout_id
  where l.enrollment_id = "enrollments"."id" and c.status = 'open' and c.expires_at > ${sql.param(now, checkouts.expiresAt)}::timestamptz)`;
