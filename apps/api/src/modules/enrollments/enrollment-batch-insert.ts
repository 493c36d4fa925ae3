import { sql, type SQL } from 'drizzle-orm';
import { enrollments, type Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import type { EnrollmentStatus } from '@kikstart/contract/enrollment-status';

/** One new enrollment of a batch, as the batch decided it, with its program's terms (enrollment-batch.ts). */
export interface NewBatchEnrollment {
  familyId: string;
  childId: string;
  programId: string;
  status: EnrollmentStatus;
  createdBy: string;
  waiverName: string;
  waiverSignedAt: Date;
  waiverVersion: number;
  clashAcknowledged: boolean;
  holdExpiresAt: Date | null;
  confirmedAt: Date | null;
  subscriptionId: string | null;
  /** A waitlist place: its queue time is set after the program's last one. */
  waitlisted: boolean;
  /** The program's terms, kept on the enrollment. */
  priceCents: number;
  currency: string;
  coveredByMembership: boolean;
  /** The program's last `created_at` and `waitlisted_at` (database text), read under its lock. */
  lastLockedAt: string | null;
  lastWaitlistedAt: string | null;
}

/**
 * Inserts a batch's enrollments in one statement, in the batch's order, and answers each new
 * row's id and lock time (`created_at`) by child (a child is in a batch once). The rows go as one JSON parameter, so the
 * statement's text is the same for a batch of any size: it is built once (fixed-query.ts), and
 * PostgreSQL parses and plans it once per connection instead of under every batch's lock. As a
 * 100-row VALUES list it cost about 15 ms of Drizzle building and 25 ms in the database per full
 * batch on PGlite (decision 0028).
 *
 * Each row's times keep the order the lock gave: after every earlier one in its program, and
 * after the rows before it in this batch (`i`, its place in the batch, in microseconds).
 */
export async function insertBatchEnrollments(tx: Db, rows: NewBatchEnrollment[]) {
  // The waiver name is clean text (the contract refuses half surrogate pairs, which jsonb would).
  const result = await insertRows(tx, { rows: JSON.stringify(rows.map((row, i) => ({ ...row, i }))) });
  // A raw statement answers as the driver does (fixed-query.ts): its rows, named as returned, and
  // a time as PostgreSQL's text (node-postgres) or a Date (in-memory PGlite's own driver): a Date
  // either way, as Drizzle makes one from a timestamptz.
  const inserted = (result as unknown as { rows: { id: string; childId: string; createdAt: string | Date }[] }).rows;
  return new Map(inserted.map((row) => [row.childId, { id: row.id, createdAt: new Date(row.createdAt) }]));
}

const afterLast = (last: SQL) =>
  sql`greatest(clock_timestamp(), ${last} + interval '1 microsecond') + r.i * interval '1 microsecond'`;

const insertRows = fixedQuery(
  (_db, p: Placeholders<{ rows: string }>) =>
    sql`
    insert into ${enrollments} ("family_id", "child_id", "program_id", "status", "created_by", "price_cents",
      "currency", "covered_by_membership", "waiver_name", "waiver_signed_at", "waiver_version",
      "clash_acknowledged", "hold_expires_at", "confirmed_at", "subscription_id", "waitlisted_at", "created_at")
    select r."familyId", r."childId", r."programId", r.status, r."createdBy", r."priceCents",
      r.currency, r."coveredByMembership", r."waiverName", r."waiverSignedAt", r."waiverVersion",
      r."clashAcknowledged", r."holdExpiresAt", r."confirmedAt", r."subscriptionId",
      case when r.waitlisted then ${afterLast(sql`r."lastWaitlistedAt"`)} end,
      ${afterLast(sql`r."lastLockedAt"`)}
    from jsonb_to_recordset(${p.rows}::jsonb) as r("familyId" uuid, "childId" uuid, "programId" uuid,
      status enrollment_status, "createdBy" uuid, "waiverName" text, "waiverSignedAt" timestamptz, "waiverVersion" int,
      "clashAcknowledged" boolean, "holdExpiresAt" timestamptz, "confirmedAt" timestamptz,
      "subscriptionId" uuid, waitlisted boolean, "priceCents" int, currency text, "coveredByMembership" boolean,
      "lastLockedAt" timestamptz, "lastWaitlistedAt" timestamptz, i int)
    order by r.i
    returning ${enrollments.id} as "id", ${enrollments.childId} as "childId", ${enrollments.createdAt} as "createdAt"`,
);
