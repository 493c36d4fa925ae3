import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { enrollments, programs, users } from '@kikstart/db';
import {
  ENROLLMENT_MESSAGES,
  HOLD_MINUTES,
  type Enrollment,
  type EnrollmentCreateInput,
} from '@kikstart/contract/enrollments';
import type { Paged } from '@kikstart/contract/common';
import {
  CONFIRMED_STATUS,
  LIVE_STATUSES,
  OFFER_STATUS,
  SEAT_STATUSES,
  UNPAID_HOLD_STATUS,
  WAITLIST_STATUS,
  statusIn,
} from '@kikstart/contract/enrollment-status';
import { PROGRAM_MESSAGES } from '@kikstart/contract/programs';
import { AppError } from '../../lib/errors.ts';
import { loadChild } from '../children/children.service.ts';
import {
  clashQuery,
  currentWaiverVersion,
  describeClash,
  eligibilityReasons,
  isUniqueViolation,
  liveEnrollmentOf,
  type ClashingProgram,
} from './enrollment-rules.ts';
import { expireLapsedHoldsAndOffers, lockProgram, offerFreeSeats, seatsTakenQuery } from './enrollment-seats.ts';
import { assertHoldLimit, assertMayHoldSeat, assertVerified } from './enrollment-holds.ts';
import { mailDroppedOut, mailWaitlistJoinedTo, venueSql } from './enrollment-mail.ts';
import { getEnrollmentView, selectEnrollments } from './enrollment-view.ts';
import { inProgramQueue } from './program-queue.ts';
import { refundOnDropOut } from '../payments/refunds.ts';
import { coveringSubscription, coveringSubscriptionQuery } from '../memberships/coverage.ts';

export interface EnrollmentContext {
  db: Db;
  familyId: string;
  userId: string;
  publicUrl: string;
  /** The request's time, from the app clock. */
  now: Date;
}

const holdUntil = (now: Date) => new Date(now.getTime() + HOLD_MINUTES * 60_000);

async function view(db: Db, familyId: string, id: string): Promise<Enrollment> {
  const e = await getEnrollmentView(db, familyId, id);
  if (!e) throw new AppError('NOT_FOUND', ENROLLMENT_MESSAGES.notFound);
  return e;
}

/**
 * Enrollment wizard's last step: checks the waiver, age/grade, double enrollment, schedule
 * clash and capacity under the program lock, then holds a seat (pending payment; needs a
 * verified email and a free hold of the family's MAX_UNPAID_HOLDS) or, when the program is
 * full and the parent asked, joins the waitlist.
 *
 * On registration day everyone queues on the program lock, so the time between taking it and
 * committing decides how fast the queue moves: what does not depend on the seats is read
 * before it (child, waiver), and everything that does is read in one statement after it
 * (seatFacts), so a waitlist place is five statements under the lock and a hold five as well.
 */
export async function createEnrollment(ctx: EnrollmentContext, input: EnrollmentCreateInput): Promise<Enrollment> {
  const { db, familyId, now } = ctx;
  await expireLapsedHoldsAndOffers({ db, publicUrl: ctx.publicUrl, now, programId: input.programId });
  const child = await loadChild(db, familyId, input.childId);
  if (input.waiverVersion !== (await currentWaiverVersion(db))) {
    throw new AppError('WAIVER_CHANGED', ENROLLMENT_MESSAGES.waiverChanged, {
      waiverVersion: ENROLLMENT_MESSAGES.waiverChanged,
    });
  }
  let id: string;
  try {
    id = await inProgramQueue(input.programId, () =>
      db.transaction(async (tx) => {
        const program = await lockProgram(tx, input.programId);
        if (!program || !program.published) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
        const reasons = eligibilityReasons(program, child, now);
        if (reasons.length) throw new AppError('NOT_ELIGIBLE', reasons[0]!);
        const facts = await seatFacts(tx, { program, childId: child.id, familyId, userId: ctx.userId });
        if (facts.enrolled) throw new AppError('ALREADY_ENROLLED', ENROLLMENT_MESSAGES.alreadyEnrolled);
        const clash = describeClash(facts.clash, program);
        if (clash && !input.acknowledgeClash) throw new AppError('SCHEDULE_CLASH', clash, { clash });
        const full = facts.taken >= program.capacity;
        if (full && !input.joinWaitlist)
          throw new AppError('PROGRAM_FULL', ENROLLMENT_MESSAGES.full, { program: ENROLLMENT_MESSAGES.full });
        // A child covered by the family's membership takes a seat in a covered program with no payment.
        const coveredBy = !full ? facts.coveredBy : null;
        // A waitlist place is not a hold; an unpaid seat is (verified email, at most MAX_UNPAID_HOLDS).
        if (!full && !coveredBy) {
          assertVerified(facts.verified);
          await assertHoldLimit(tx, { familyId, now });
        }
        const [row] = await tx
          .insert(enrollments)
          .values({
            familyId,
            childId: child.id,
            programId: program.id,
            status: full ? WAITLIST_STATUS : coveredBy ? CONFIRMED_STATUS : UNPAID_HOLD_STATUS,
            createdBy: ctx.userId,
            priceCents: program.priceCents,
            currency: program.currency,
            coveredByMembership: program.coveredByMembership,
            waiverName: input.waiverName,
            waiverSignedAt: now,
            waiverVersion: input.waiverVersion,
            clashAcknowledged: !!clash,
            holdExpiresAt: full || coveredBy ? null : holdUntil(now),
            confirmedAt: coveredBy ? now : null,
            subscriptionId: coveredBy,
            // The database clock has microseconds, so a burst of joins keeps its order; created_at
            // too is read under the program lock, so seats and queue can be checked for order.
            waitlistedAt: full ? sql`clock_timestamp()` : null,
            createdAt: sql`clock_timestamp()`,
          })
          .returning({ id: enrollments.id });
        if (full) {
          await mailWaitlistJoinedTo(
            tx,
            facts.guardians,
            {
              familyId,
              childName: `${child.firstName} ${child.lastName}`,
              programTitle: program.title,
              weekdays: program.weekdays,
              startTime: program.startTime,
              endTime: program.endTime,
              firstDate: program.firstDate,
              lastDate: program.lastDate,
              venue: facts.venue,
              // Everyone already waiting took this lock before us (waitlisted_at is read under it).
              waitlistPosition: facts.waiting + 1,
            },
            { now, publicUrl: ctx.publicUrl },
          );
        }
        return row!.id;
      }),
    );
  } catch (err) {
    // Two guardians of one family enrolling the same child at once: the partial unique index decides.
    if (isUniqueViolation(err)) throw new AppError('ALREADY_ENROLLED', ENROLLMENT_MESSAGES.alreadyEnrolled);
    throw err;
  }
  return view(db, familyId, id);
}

/**
 * What an enrollment decides on, in one statement after the program lock (a statement started
 * after the lock sees every seat change committed before it): seats taken, places waiting, the
 * child's live enrollment here, a clashing seat, the covering membership (covered programs
 * only), whether the caller's email is verified, and the guardians and venue for the mails.
 */
async function seatFacts(
  tx: Db,
  opts: { program: typeof programs.$inferSelect; childId: string; familyId: string; userId: string },
) {
  const { program } = opts;
  const waitingQuery = tx
    .select({ count: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.programId, program.id), eq(enrollments.status, WAITLIST_STATUS)));
  const enrolledQuery = tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(liveEnrollmentOf(opts.childId, program.id));
  const covering = program.coveredByMembership
    ? sql`(${coveringSubscriptionQuery(tx, { familyId: opts.familyId, childId: opts.childId })})`
    : sql`null::uuid`;
  const [row] = await tx
    .select({
      taken: sql<number>`(${seatsTakenQuery(tx, program.id)})`.mapWith(Number),
      waiting: sql<number>`(${waitingQuery})`.mapWith(Number),
      enrolled: sql<boolean>`exists (${enrolledQuery})`,
      clash: sql<ClashingProgram | null>`(select row_to_json(c) from (${clashQuery(tx, opts.childId, program)}) c)`,
      coveredBy: sql<string | null>`${covering}`,
      verified: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${opts.userId} and ${users.emailVerifiedAt} is not null)`,
      guardians: sql<
        string[]
      >`array(select ${users.email} from ${users} where ${users.familyId} = ${opts.familyId} order by ${users.email})`,
      venue: venueSql,
    })
    .from(programs)
    .where(eq(programs.id, program.id));
  const clash = row!.clash as (Record<string, unknown> & { title: string; weekdays: number[] }) | null;
  return {
    ...row!,
    // row_to_json names the columns as the table does.
    clash: clash
      ? {
          title: clash.title,
          weekdays: clash.weekdays,
          startTime: String(clash.start_time),
          endTime: String(clash.end_time),
        }
      : null,
  };
}

export async function listFamilyEnrollments(
  ctx: Pick<EnrollmentContext, 'db' | 'familyId'>,
  query: { page: number; limit: number; status?: Enrollment['status'] },
): Promise<Paged<Enrollment>> {
  const where = and(
    eq(enrollments.familyId, ctx.familyId),
    query.status ? eq(enrollments.status, query.status) : undefined,
  );
  const { items, total } = await selectEnrollments(ctx.db, where, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, page: query.page, limit: query.limit, total };
}

/** A child's enrollments, newest first (spec: /children/program-list). */
export async function listChildEnrollments(
  ctx: Pick<EnrollmentContext, 'db' | 'familyId'>,
  childId: string,
): Promise<Enrollment[]> {
  await loadChild(ctx.db, ctx.familyId, childId);
  const { items } = await selectEnrollments(
    ctx.db,
    and(eq(enrollments.childId, childId), eq(enrollments.familyId, ctx.familyId)),
    { limit: 100, offset: 0 },
  );
  return items;
}

/**
 * Runs `fn` with the program locked and the family's enrollment re-read under that lock
 * (program first, then enrollment: the one lock order every seat change uses; the family's
 * hold lock of assertMayHoldSeat, when taken, comes last).
 */
async function withLockedEnrollment<T>(
  ctx: EnrollmentContext,
  enrollmentId: string,
  fn: (tx: Db, row: typeof enrollments.$inferSelect) => Promise<T>,
): Promise<T> {
  const [found] = await ctx.db
    .select({ programId: enrollments.programId })
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.familyId, ctx.familyId)));
  if (!found) throw new AppError('NOT_FOUND', ENROLLMENT_MESSAGES.notFound);
  return ctx.db.transaction(async (tx) => {
    await lockProgram(tx, found.programId);
    const [row] = await tx
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.familyId, ctx.familyId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', ENROLLMENT_MESSAGES.notFound);
    return fn(tx, row);
  });
}

/** Self-service drop-out with a reason; a held seat goes back to the pool and the waitlist. */
export async function dropOut(ctx: EnrollmentContext, enrollmentId: string, reason: string): Promise<Enrollment> {
  await withLockedEnrollment(ctx, enrollmentId, async (tx, row) => {
    if (!statusIn(row.status, LIVE_STATUSES)) throw new AppError('CONFLICT', ENROLLMENT_MESSAGES.alreadyEnded);
    const { now } = ctx;
    await tx
      .update(enrollments)
      .set({ status: 'dropped', dropReason: reason, droppedAt: now, endedAt: now, updatedAt: now })
      .where(eq(enrollments.id, row.id));
    // A paid seat: refunded in full before the first session, else a refund request for staff.
    const refund =
      row.status === 'confirmed'
        ? await refundOnDropOut(tx, { enrollmentId: row.id, familyId: ctx.familyId, now, reason })
        : null;
    await mailDroppedOut(tx, {
      enrollmentId: row.id,
      now,
      publicUrl: ctx.publicUrl,
      wasWaiting: row.status === WAITLIST_STATUS,
      refund,
    });
    if (statusIn(row.status, SEAT_STATUSES)) await offerFreeSeats(tx, row.programId, { publicUrl: ctx.publicUrl, now });
  });
  return view(ctx.db, ctx.familyId, enrollmentId);
}

/**
 * A waitlisted family takes the seat offered to them: it becomes a 30-minute payment hold, or is
 * confirmed at once when the family's membership covers the child in this program.
 */
export async function acceptOffer(ctx: EnrollmentContext, enrollmentId: string): Promise<Enrollment> {
  // Bring this program's offers up to date first, so a lapsed offer has already passed on.
  const [target] = await ctx.db
    .select({ programId: enrollments.programId })
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.familyId, ctx.familyId)));
  if (target)
    await expireLapsedHoldsAndOffers({
      db: ctx.db,
      publicUrl: ctx.publicUrl,
      now: ctx.now,
      programId: target.programId,
    });
  await withLockedEnrollment(ctx, enrollmentId, async (tx, row) => {
    const { now } = ctx;
    if (row.status === 'expired' && row.offeredAt) throw new AppError('CONFLICT', ENROLLMENT_MESSAGES.offerExpired);
    if (row.status !== OFFER_STATUS) throw new AppError('CONFLICT', ENROLLMENT_MESSAGES.noOffer);
    if (row.offerExpiresAt && row.offerExpiresAt <= now)
      throw new AppError('CONFLICT', ENROLLMENT_MESSAGES.offerExpired);
    const [program] = await tx
      .select({ covered: programs.coveredByMembership })
      .from(programs)
      .where(eq(programs.id, row.programId));
    const coveredBy = program?.covered
      ? await coveringSubscription(tx, { familyId: ctx.familyId, childId: row.childId })
      : null;
    if (coveredBy) {
      await tx
        .update(enrollments)
        .set({ status: CONFIRMED_STATUS, confirmedAt: now, subscriptionId: coveredBy, updatedAt: now })
        .where(eq(enrollments.id, row.id));
      return;
    }
    // The accepted seat becomes an unpaid hold, under the same rules as a new one.
    await assertMayHoldSeat(tx, { familyId: ctx.familyId, userId: ctx.userId, now });
    await tx
      .update(enrollments)
      .set({ status: UNPAID_HOLD_STATUS, holdExpiresAt: holdUntil(now), updatedAt: now })
      .where(eq(enrollments.id, row.id));
  });
  return view(ctx.db, ctx.familyId, enrollmentId);
}

/** Turning an offer down passes the seat to the next family at once. */
export async function declineOffer(ctx: EnrollmentContext, enrollmentId: string): Promise<Enrollment> {
  await withLockedEnrollment(ctx, enrollmentId, async (tx, row) => {
    if (row.status !== OFFER_STATUS) throw new AppError('CONFLICT', ENROLLMENT_MESSAGES.noOffer);
    const { now } = ctx;
    await tx
      .update(enrollments)
      .set({ status: 'declined', endedAt: now, updatedAt: now })
      .where(eq(enrollments.id, row.id));
    await offerFreeSeats(tx, row.programId, { publicUrl: ctx.publicUrl, now });
  });
  return view(ctx.db, ctx.familyId, enrollmentId);
}
