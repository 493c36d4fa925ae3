import { and, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { enrollments, programs } from '@kikstart/db';
import type { EnrollmentCheck } from '@kikstart/contract/enrollments';
import { PROGRAM_MESSAGES } from '@kikstart/contract/programs';
import { AppError } from '../../lib/errors.ts';
import { loadChild } from '../children/children.service.ts';
import { CONFIRMED_STATUS } from '@kikstart/contract/enrollment-status';
import { eligibilityReasons, findClash, liveEnrollmentOf } from './enrollment-rules.ts';
import { seatsTaken, waitlistPositionSql } from './enrollment-seats.ts';
import { coveringSubscription } from '../memberships/coverage.ts';

/** Is this child enrolled, waitlisted or eligible for this program, and if not, why not. */
export async function checkEnrollment(opts: {
  db: Db;
  now: Date;
  familyId: string;
  childId: string;
  programId: string;
}): Promise<EnrollmentCheck> {
  const { db } = opts;
  const child = await loadChild(db, opts.familyId, opts.childId);
  const [program] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.id, opts.programId), eq(programs.published, true)));
  if (!program) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
  const seatsLeft = Math.max(0, program.capacity - (await seatsTaken(db, program.id)));
  const coveredByPlan =
    program.coveredByMembership && !!(await coveringSubscription(db, { familyId: opts.familyId, childId: child.id }));

  const [live] = await db
    .select({ id: enrollments.id, status: enrollments.status, position: waitlistPositionSql })
    .from(enrollments)
    .where(liveEnrollmentOf(child.id, program.id));
  if (live) {
    return {
      state: live.status === CONFIRMED_STATUS ? 'enrolled' : (live.status as EnrollmentCheck['state']),
      enrollmentId: live.id,
      waitlistPosition: live.position === null ? null : Number(live.position),
      seatsLeft,
      canEnroll: false,
      canJoinWaitlist: false,
      reasons: ['This child is already enrolled in this program'],
      clash: null,
      coveredByPlan,
    };
  }
  const reasons = eligibilityReasons(program, child, opts.now);
  const clash = reasons.length ? null : await findClash(db, child.id, program);
  const full = seatsLeft === 0;
  return {
    state: reasons.length ? 'ineligible' : full ? 'full' : 'eligible',
    enrollmentId: null,
    waitlistPosition: null,
    seatsLeft,
    canEnroll: !reasons.length && !full,
    canJoinWaitlist: !reasons.length && full,
    reasons,
    clash,
    coveredByPlan,
  };
}
