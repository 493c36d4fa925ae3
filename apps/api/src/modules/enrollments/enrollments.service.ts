import { and, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { enrollments, programs } from '@kikstart/db';
import { ENROLLMENT_MESSAGES, type Enrollment, type EnrollmentCreateInput } from '@kikstart/contract/enrollments';
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
import { AppError } from '../../lib/errors.ts';
import { loadChild } from '../children/children.service.ts';
import { expireLapsedHoldsAndOffers, lockProgram, offerFreeSeats } from './enrollment-seats.ts';
import { assertMayHoldSeat, holdUntil } from './enrollment-holds.ts';
import { mailDroppedOut } from './enrollment-mail.ts';
import { getEnrollmentView, selectEnrollments } from './enrollment-view.ts';
import { enrollInTurn } from './enrollment-batch.ts';
import { refundOnDropOut } from '../payments/refunds.ts';
import { coveringSubscription } from '../memberships/coverage.ts';

export interface EnrollmentContext {
  db: Db;
  familyId: string;
  userId: string;
  publicUrl: string;
  /** The request's time, from the app clock. */
  now: Date;
}

async function view(db: Db, familyId: string, id: string): Promise<Enrollment> {
  const e = await getEnrollmentView(db, familyId, id);
  if (!e) throw new AppError('NOT_FOUND', ENROLLMENT_MESSAGES.notFound);
  return e;
}

/**
 * Enrollment wizard's last step: checks the child, the waiver, age/grade, double enrollment,
 * schedule clash and capacity under the program lock, then holds a seat (pending payment; needs
 * a verified email and a free hold of the family's MAX_UNPAID_HOLDS) or, when the program is
 * full and the parent asked, joins the waitlist. All of it is decided in turn with everyone
 * else waiting for the program (enrollment-batch.ts).
 */
export function createEnrollment(ctx: EnrollmentContext, input: EnrollmentCreateInput): Promise<Enrollment> {
  return enrollInTurn({ ctx, input });
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
