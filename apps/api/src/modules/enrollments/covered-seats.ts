import { and, eq, inArray, isNotNull, isNull, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, programs } from '@kikstart/db';
import { CONFIRMED_STATUS, UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { UNCOVERED_HOLD_DAYS, formatPlanDate } from '@kikstart/contract/memberships';
import { mailLink } from '@kikstart/contract/mail-links';
import { mailGuardians } from '../mail/mail.service.ts';
import { lockProgram } from './enrollment-seats.ts';
import { inOpenCheckout } from '../payments/open-checkout.ts';
import { stillCovered } from '../memberships/coverage.ts';

/**
 * Seats a membership pays for. Seat statuses change only in this module, each under the program
 * lock (program, then enrollment); the membership code calls these with its subscription row
 * locked first, so the order is subscription, program, enrollment everywhere.
 */

/**
 * A child just attached to a membership: the child's unpaid holds in covered programs (not in a
 * payment that is open) are confirmed with no payment. Answers how many. A hold this membership
 * itself stopped covering is not among them (decision 0034): detaching and re-attaching children
 * in turn would otherwise keep more children enrolled than the plan covers.
 */
export async function confirmCoveredHolds(
  tx: Db,
  opts: { familyId: string; childId: string; subscriptionId: string; now: Date },
): Promise<number> {
  const { now } = opts;
  const heldHere = and(
    eq(enrollments.familyId, opts.familyId),
    eq(enrollments.childId, opts.childId),
    eq(enrollments.status, UNPAID_HOLD_STATUS),
    not(inOpenCheckout(now)),
    or(isNull(enrollments.uncoveredSubscriptionId), ne(enrollments.uncoveredSubscriptionId, opts.subscriptionId)),
  );
  const held = await tx
    .selectDistinct({ programId: enrollments.programId })
    .from(enrollments)
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(and(heldHere, eq(programs.coveredByMembership, true)));
  let confirmed = 0;
  for (const { programId } of held.sort((a, b) => a.programId.localeCompare(b.programId))) {
    await lockProgram(tx, programId);
    const rows = await tx
      .update(enrollments)
      .set({
        status: CONFIRMED_STATUS,
        confirmedAt: now,
        holdExpiresAt: null,
        subscriptionId: opts.subscriptionId,
        updatedAt: now,
      })
      .where(and(heldHere, eq(enrollments.programId, programId)))
      .returning({ id: enrollments.id });
    confirmed += rows.length;
  }
  return confirmed;
}

/**
 * Covered seats whose membership no longer covers them (it ended, or the child was detached)
 * become held seats for UNCOVERED_HOLD_DAYS, with a mail; the hold sweeper releases those not
 * paid by then, as for any hold. Seats in programs that are over stay as they were. Run after
 * the change commits, and by the renewal job, which also catches a seat confirmed in a race with
 * a detach. Answers how many seats became holds.
 */
export async function holdUncoveredSeats(opts: { db: Db; publicUrl: string; now: Date; familyId?: string }) {
  const { now } = opts;
  const today = now.toISOString().slice(0, 10);
  const uncovered = and(
    eq(enrollments.status, CONFIRMED_STATUS),
    isNotNull(enrollments.subscriptionId),
    not(stillCovered),
    sql`exists (select 1 from programs p where p.id = "enrollments"."program_id" and p.last_date >= ${today})`,
    opts.familyId ? eq(enrollments.familyId, opts.familyId) : undefined,
  );
  const affected = await opts.db
    .selectDistinct({ programId: enrollments.programId })
    .from(enrollments)
    .where(uncovered);
  const holdUntil = new Date(now.getTime() + UNCOVERED_HOLD_DAYS * 86_400_000);
  let held = 0;
  for (const { programId } of affected) {
    held += await opts.db.transaction(async (tx) => {
      await lockProgram(tx, programId);
      const rows = await tx
        .update(enrollments)
        .set({
          status: UNPAID_HOLD_STATUS,
          holdExpiresAt: holdUntil,
          reminderSentAt: null,
          confirmedAt: null,
          // SET reads the row as it was: the membership that covered the seat until now.
          uncoveredSubscriptionId: sql`${enrollments.subscriptionId}`,
          subscriptionId: null,
          updatedAt: now,
        })
        .where(and(uncovered, eq(enrollments.programId, programId)))
        .returning({ id: enrollments.id });
      if (rows.length)
        await mailUncoveredSeats(tx, { ids: rows.map((r) => r.id), holdUntil, publicUrl: opts.publicUrl });
      return rows.length;
    });
  }
  return held;
}

async function mailUncoveredSeats(tx: Db, opts: { ids: string[]; holdUntil: Date; publicUrl: string }) {
  const seats = await tx
    .select({
      familyId: enrollments.familyId,
      childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
      programTitle: programs.title,
    })
    .from(enrollments)
    .innerJoin(children, eq(children.id, enrollments.childId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(inArray(enrollments.id, opts.ids));
  const until = formatPlanDate(opts.holdUntil);
  for (const seat of seats) {
    await mailGuardians(tx, seat.familyId, 'membership-seat-held', {
      subject: `Pay by ${until} to keep ${seat.childName}'s seat in ${seat.programTitle}`,
      paragraphs: [
        `${seat.childName}'s seat in ${seat.programTitle} was covered by your membership, which no longer covers it.`,
        `We are holding the seat for you until ${until}. Pay for it from your enrollments page to keep it; if it is not paid for by then, it is released to other families.`,
      ],
      action: { label: 'Pay for the seat', url: mailLink(opts.publicUrl, 'enrollments') },
    });
  }
}
