import { and, eq, gt, isNull, lte, not, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { children, enrollments, programs, users } from '@kikstart/db';
import {
  ENROLLMENT_MESSAGES,
  HOLD_MINUTES,
  HOLD_REMINDER_MINUTES,
  MAX_UNPAID_HOLDS,
} from '@kikstart/contract/enrollments';
import { UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { mailLink } from '@kikstart/contract/mail-links';
import { AppError } from '../../lib/errors.ts';
import { mailGuardians } from '../mail/mail.service.ts';
import { inOpenCheckout } from '../payments/open-checkout.ts';

/**
 * Unpaid seat holds (pending payment): who may take one, how many a family may have, and the
 * mails before and when a hold lapses. A waitlist place is not a hold; an accepted offer is.
 */

/** When a hold taken now lapses unpaid. */
export const holdUntil = (now: Date) => new Date(now.getTime() + HOLD_MINUTES * 60_000);

/**
 * Refuses a new hold for a user whose email is not confirmed (403) or a family that already has
 * MAX_UNPAID_HOLDS live holds (409). Call inside the transaction that writes the hold, after
 * the program lock. Holds of one family in different programs take different program locks, so
 * the count also runs under a per-family transaction lock (an advisory lock no other code
 * takes, always taken last, so it cannot join a deadlock).
 */
export async function assertMayHoldSeat(tx: Db, opts: { familyId: string; userId: string; now: Date }) {
  const [user] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, opts.userId));
  assertVerified(!!user?.verifiedAt);
  await assertHoldLimit(tx, opts);
}

/** The verified-email rule of a new hold, for a caller that read the flag under the program lock. */
export function assertVerified(verified: boolean) {
  if (!verified) throw new AppError('EMAIL_UNVERIFIED', ENROLLMENT_MESSAGES.emailUnverified);
}

/** The family's hold limit: takes the family's hold lock, then counts its live holds. */
export async function assertHoldLimit(tx: Db, opts: { familyId: string; now: Date }) {
  const holds = await lockFamilyHolds(tx, [opts.familyId], opts.now);
  assertUnderHoldLimit(holds.get(opts.familyId) ?? 0);
}

/** The hold limit itself, for a caller that counted the family's live holds under its hold lock. */
export function assertUnderHoldLimit(liveHolds: number) {
  if (liveHolds >= MAX_UNPAID_HOLDS) throw new AppError('HOLD_LIMIT', ENROLLMENT_MESSAGES.holdLimit);
}

// Both statements take the families as one array, so their text is the same for any number of
// families: built once per process (fixed-query.ts), named, and planned once per connection.
const familyHoldLocks = fixedQuery(
  (_db, p: Placeholders<{ keys: string[] }>) =>
    // unnest keeps the array's order, so the locks are taken in the sorted order given.
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${p.keys}::text[]) as k`,
);
const familyHoldCounts = fixedQuery((db, p: Placeholders<{ familyIds: string[]; now: Date }>) =>
  db
    .select({ familyId: enrollments.familyId, count: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(
      and(
        sql`${enrollments.familyId} = any(${p.familyIds}::uuid[])`,
        eq(enrollments.status, UNPAID_HOLD_STATUS),
        // A lapsed hold the sweeper has not reached yet no longer counts.
        gt(enrollments.holdExpiresAt, p.now),
      ),
    )
    .groupBy(enrollments.familyId),
);

/**
 * Takes the hold locks of these families and counts each one's live holds (two statements for
 * any number of families). The locks are taken in one order (sorted ids), so two transactions
 * taking several (two enrollment batches) cannot deadlock each other either.
 */
export async function lockFamilyHolds(tx: Db, familyIds: string[], now: Date): Promise<Map<string, number>> {
  const ids = [...new Set(familyIds)].sort();
  if (!ids.length) return new Map();
  await familyHoldLocks(tx, { keys: ids.map((id) => `family-holds:${id}`) });
  const rows = await familyHoldCounts(tx, { familyIds: ids, now });
  return new Map(rows.map((r) => [r.familyId, r.count]));
}

interface HoldFacts {
  familyId: string;
  childName: string;
  programTitle: string;
  holdExpiresAt: Date | null;
}

/** The child, program and family of one enrollment, for its mails. */
const holdFacts = (tx: Db, enrollmentId: string) =>
  tx
    .select({
      familyId: enrollments.familyId,
      childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
      programTitle: programs.title,
      holdExpiresAt: enrollments.holdExpiresAt,
    })
    .from(enrollments)
    .innerJoin(children, eq(children.id, enrollments.childId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(eq(enrollments.id, enrollmentId));

async function mailFamily(
  tx: Db,
  hold: HoldFacts,
  template: string,
  subject: string,
  paragraphs: string[],
  publicUrl: string,
  label: string,
) {
  await mailGuardians(tx, hold.familyId, template, {
    subject,
    paragraphs,
    action: { label, url: mailLink(publicUrl, 'enrollments') },
  });
}

/** The end of the reminder window that starts at `now`. */
export const reminderWindowEnd = (now: Date) => new Date(now.getTime() + HOLD_REMINDER_MINUTES * 60_000);

/**
 * A hold (table "enrollments") ending within HOLD_REMINDER_MINUTES whose family has not been
 * reminded yet. With `soon` given, neither time is read here, only sent: the enrollment batch's
 * facts (a fixed query) pass both as placeholders.
 */
export function holdNeedsReminder(now: Date, programId?: string, soon = reminderWindowEnd(now)) {
  return and(
    eq(enrollments.status, UNPAID_HOLD_STATUS),
    isNull(enrollments.reminderSentAt),
    gt(enrollments.holdExpiresAt, now),
    lte(enrollments.holdExpiresAt, soon),
    not(inOpenCheckout(now)),
    programId ? eq(enrollments.programId, programId) : undefined,
  );
}

/**
 * Mails each family whose hold ends within HOLD_REMINDER_MINUTES, once per hold: the mark and
 * the mail are written in one transaction, and the mark is claimed with a conditional update,
 * so several sweepers (one per API process) never send it twice.
 */
export async function remindLapsingHolds(opts: {
  db: Db;
  publicUrl: string;
  now: Date;
  programId?: string;
}): Promise<number> {
  return opts.db.transaction(async (tx) => {
    const claimed = await tx
      .update(enrollments)
      .set({ reminderSentAt: opts.now })
      .where(holdNeedsReminder(opts.now, opts.programId))
      .returning({ id: enrollments.id });
    for (const { id } of claimed) {
      const [hold] = await holdFacts(tx, id);
      if (!hold?.holdExpiresAt) continue;
      await mailFamily(
        tx,
        hold,
        'hold-reminder',
        `${hold.childName}'s seat in ${hold.programTitle} is held until ${hold.holdExpiresAt.toUTCString()}`,
        [
          `The seat held for ${hold.childName} in ${hold.programTitle} is waiting for payment.`,
          `The hold ends at ${hold.holdExpiresAt.toUTCString()}. If the seat is not paid for by then, it goes back to other families and to the waitlist.`,
        ],
        opts.publicUrl,
        'See my enrollments',
      );
    }
    return claimed.length;
  });
}

/** Tells each family that its hold lapsed. Call in the transaction that expired the holds. */
export async function mailLapsedHolds(tx: Db, enrollmentIds: string[], publicUrl: string) {
  for (const id of enrollmentIds) {
    const [hold] = await holdFacts(tx, id);
    if (!hold) continue;
    await mailFamily(
      tx,
      hold,
      'hold-lapsed',
      `The seat hold for ${hold.childName} in ${hold.programTitle} has ended`,
      [
        `The seat held for ${hold.childName} in ${hold.programTitle} was not paid for in time, so the hold has ended and the seat went back to other families.`,
        'If seats are still open, you can enroll again from the program page.',
      ],
      publicUrl,
      'See my enrollments',
    );
  }
}
