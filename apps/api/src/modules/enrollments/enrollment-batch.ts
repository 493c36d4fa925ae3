import type { Db } from '@kikstart/db';
import type { programs } from '@kikstart/db';
import { ENROLLMENT_MESSAGES, type Enrollment, type EnrollmentCreateInput } from '@kikstart/contract/enrollments';
import { CHILD_MESSAGES } from '@kikstart/contract/children';
import { CONFIRMED_STATUS, UNPAID_HOLD_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { PROGRAM_MESSAGES } from '@kikstart/contract/programs';
import { AppError } from '../../lib/errors.ts';
import { queueMailBatch, type MailToMany } from '../mail/mail.service.ts';
import { describeClash, eligibilityReasons, isUniqueViolation, WAIVER_UNAVAILABLE } from './enrollment-rules.ts';
import { expireLapsedHoldsAndOffers, lockProgramForBatch } from './enrollment-seats.ts';
import { toEnrollment, type EnrollmentRow } from './enrollment-view.ts';
import { assertUnderHoldLimit, assertVerified, holdUntil, lockFamilyHolds } from './enrollment-holds.ts';
import { waitlistJoinedMail } from './enrollment-mail.ts';
import { batchFacts, type RequestFacts } from './enrollment-batch-facts.ts';
import { insertBatchEnrollments, type NewBatchEnrollment } from './enrollment-batch-insert.ts';
import { programBatcher, type Outcome } from './program-queue.ts';
import type { EnrollmentContext } from './enrollments.service.ts';

/**
 * Registration day's critical section. Everyone enrolling in one program queues on its row
 * lock, so the time the lock is held per parent decides how fast the queue moves. The requests
 * waiting for a program are therefore decided together (program-queue.ts), in arrival order, in
 * one transaction: the lock, one statement reading every fact the decisions need (each child,
 * the waiver, the seats), the family hold locks, one insert and one mail statement, whether the
 * batch has one request or MAX_BATCH. The answers are made from what the batch read and wrote,
 * in the shape every enrollment answer has (`toEnrollment`), with no statement after the commit.
 * A parent's request costs its session check and a share of its batch. Each request still gets
 * its own answer (its enrollment, or its own refusal).
 */

/** One parent's request, as it arrived. */
export interface EnrollRequest {
  ctx: EnrollmentContext;
  input: EnrollmentCreateInput;
}

/**
 * At most this many requests share one transaction (one insert statement). A rush of a thousand
 * on one program is then four or five batches, not ten: each batch pays its round trips (begin,
 * lock, facts, insert, mail, commit) once, and on PGlite each of them waits for the API's thread.
 * Against 100, in full rushes (decision 0028): PGlite one-program p99 1.29 and 1.24 s against 1.81
 * and 1.52 s; PostgreSQL one-program 1.38 / 1.23 / 1.00 s against 1.37 / 1.41 / 1.49 s.
 */
const MAX_BATCH = 250;

/** Queues the request behind its program's lock; resolves with the new enrollment or rejects with its refusal. */
export const enrollInTurn = programBatcher<EnrollRequest, Enrollment>(enrollBatch, MAX_BATCH);

async function enrollBatch(programId: string, requests: EnrollRequest[]): Promise<Outcome<Enrollment>[]> {
  // Every request of a program comes from the same app and database (program ids are unique).
  const { db } = requests[0]!.ctx;
  return decideInTransaction(db, programId, requests);
}

async function decideInTransaction(
  db: Db,
  programId: string,
  requests: EnrollRequest[],
): Promise<Outcome<Enrollment>[]> {
  try {
    return await db.transaction((tx) => decideAndWrite(tx, programId, requests));
  } catch (err) {
    // The database refused the batch: the partial unique index (only a write that skipped the
    // program lock could trip it: the batch reads every live enrollment first) or any other
    // failure. The batch runs again one request at a time, so a failure is its own request's.
    if (requests.length > 1) {
      const outcomes: Outcome<Enrollment>[] = [];
      for (const request of requests) {
        try {
          outcomes.push(...(await decideInTransaction(db, programId, [request])));
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
      return outcomes;
    }
    if (isUniqueViolation(err))
      return [{ ok: false, error: new AppError('ALREADY_ENROLLED', ENROLLMENT_MESSAGES.alreadyEnrolled) }];
    throw err;
  }
}

/** What one request was given: a seat (held, or covered by a membership) or a waitlist place. */
interface Placement {
  request: EnrollRequest;
  facts: RequestFacts;
  full: boolean;
  coveredBy: string | null;
  clash: string | null;
  /** 1-based place in the queue, for a waitlist place. */
  waitlistPosition: number;
}

async function decideAndWrite(tx: Db, programId: string, requests: EnrollRequest[]): Promise<Outcome<Enrollment>[]> {
  const program = await lockProgramForBatch(tx, programId);
  if (!program || !program.published) {
    return requests.map(() => ({ ok: false, error: new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound) }));
  }
  const { publicUrl, now } = requests[0]!.ctx;
  let facts = await batchFacts(tx, program, requests, now);
  if (facts.seats.sweepDue) {
    // Lapsed holds and offers end first, so their seats are free for this batch: the sweep runs
    // in this transaction, under the lock already held, and the facts are read again after it.
    await expireLapsedHoldsAndOffers({ db: tx, publicUrl, now, programId });
    facts = await batchFacts(tx, program, requests, now);
  }
  const { perRequest, seats } = facts;
  const { waiverVersion } = seats;
  if (waiverVersion === null) {
    const error = new AppError('SERVICE_UNAVAILABLE', WAIVER_UNAVAILABLE);
    return requests.map(() => ({ ok: false, error }));
  }
  // The family hold locks, only while seats are free and only for families that could take an
  // unpaid seat (verified, not covered by a membership); taken after the program lock, as always.
  const holds = await lockFamilyHolds(
    tx,
    seats.taken < program.capacity
      ? requests.filter((_, i) => perRequest[i]!.verified && !perRequest[i]!.coveredBy).map((r) => r.ctx.familyId)
      : [],
    requests[0]!.ctx.now,
  );
  const state = { taken: seats.taken, waiting: seats.waiting, placedChildren: new Set<string>(), holds };
  const outcomes: (Outcome<Enrollment> | Placement)[] = requests.map((request, i) => {
    try {
      return place(program, waiverVersion, request, perRequest[i]!, state);
    } catch (error) {
      return { ok: false, error };
    }
  });
  const placements = outcomes.filter((o): o is Placement => 'request' in o);
  if (!placements.length) return outcomes as Outcome<Enrollment>[];

  const rows = placements.map((p): NewBatchEnrollment => {
    const { ctx, input } = p.request;
    return {
      familyId: ctx.familyId,
      childId: p.facts.child!.id,
      status: p.full ? WAITLIST_STATUS : p.coveredBy ? CONFIRMED_STATUS : UNPAID_HOLD_STATUS,
      createdBy: ctx.userId,
      waiverName: input.waiverName,
      waiverSignedAt: ctx.now,
      waiverVersion: input.waiverVersion,
      clashAcknowledged: !!p.clash,
      holdExpiresAt: p.full || p.coveredBy ? null : holdUntil(ctx.now),
      confirmedAt: p.coveredBy ? ctx.now : null,
      subscriptionId: p.coveredBy,
      waitlisted: p.full,
    };
  });
  const inserted = await insertBatchEnrollments(
    tx,
    {
      programId: program.id,
      priceCents: program.priceCents,
      currency: program.currency,
      coveredByMembership: program.coveredByMembership,
      lastLockedAt: seats.lastLockedAt,
      lastWaitlistedAt: seats.lastWaitlistedAt,
    },
    rows,
  );

  const mails: MailToMany[] = placements
    .filter((p) => p.full)
    .map((p) =>
      waitlistJoinedMail(
        p.facts.guardians,
        {
          familyId: p.request.ctx.familyId,
          childName: `${p.facts.child!.firstName} ${p.facts.child!.lastName}`,
          programTitle: program.title,
          weekdays: program.weekdays,
          startTime: program.startTime,
          endTime: program.endTime,
          firstDate: program.firstDate,
          lastDate: program.lastDate,
          venue: seats.venue,
          waitlistPosition: p.waitlistPosition,
        },
        { now: p.request.ctx.now, publicUrl: p.request.ctx.publicUrl },
      ),
    );
  await queueMailBatch(tx, mails);

  // Each answer as the enrollment now reads, with the queue place just decided (the mail says the same).
  const rowOf = new Map(rows.map((row) => [row.childId, row]));
  return outcomes.map((o): Outcome<Enrollment> => {
    if (!('request' in o)) return o;
    const child = o.facts.child!;
    const answer = answerOf(program, seats.schoolName, child, rowOf.get(child.id)!, inserted.get(child.id)!);
    return { ok: true, value: toEnrollment(answer, o.full ? o.waitlistPosition : null) };
  });
}

/** A new enrollment's columns, from what its batch read and wrote (as `selectEnrollments` would read them). */
function answerOf(
  program: typeof programs.$inferSelect,
  schoolName: string | null,
  child: NonNullable<RequestFacts['child']>,
  row: NewBatchEnrollment,
  inserted: { id: string; createdAt: Date },
): EnrollmentRow {
  return {
    id: inserted.id,
    status: row.status,
    childId: child.id,
    childFirstName: child.firstName,
    childLastName: child.lastName,
    programId: program.id,
    title: program.title,
    classType: program.classType,
    locationType: program.locationType,
    schoolName,
    venueName: program.venueName,
    venueAddress: program.venueAddress,
    weekdays: program.weekdays,
    startTime: program.startTime,
    endTime: program.endTime,
    firstDate: program.firstDate,
    lastDate: program.lastDate,
    // The program's terms, as the insert wrote them.
    priceCents: program.priceCents,
    currency: program.currency,
    coveredByMembership: program.coveredByMembership,
    waiverName: row.waiverName,
    waiverSignedAt: row.waiverSignedAt,
    waiverVersion: row.waiverVersion,
    holdExpiresAt: row.holdExpiresAt,
    offerExpiresAt: null,
    dropReason: null,
    droppedAt: null,
    createdAt: inserted.createdAt,
  };
}

/**
 * The checks of one request, in the order a single request always made them, against the
 * program's seats as the requests before it in this batch left them. Throws the refusal.
 */
function place(
  program: typeof programs.$inferSelect,
  waiverVersion: number,
  request: EnrollRequest,
  facts: RequestFacts,
  state: { taken: number; waiting: number; placedChildren: Set<string>; holds: Map<string, number> },
): Placement {
  const { ctx, input } = request;
  const { child } = facts;
  if (!child) throw new AppError('NOT_FOUND', CHILD_MESSAGES.childNotFound);
  if (input.waiverVersion !== waiverVersion) {
    throw new AppError('WAIVER_CHANGED', ENROLLMENT_MESSAGES.waiverChanged, {
      waiverVersion: ENROLLMENT_MESSAGES.waiverChanged,
    });
  }
  const reasons = eligibilityReasons(program, child, ctx.now);
  if (reasons.length) throw new AppError('NOT_ELIGIBLE', reasons[0]!);
  if (facts.enrolled || state.placedChildren.has(child.id))
    throw new AppError('ALREADY_ENROLLED', ENROLLMENT_MESSAGES.alreadyEnrolled);
  const clash = describeClash(facts.clash, program);
  if (clash && !input.acknowledgeClash) throw new AppError('SCHEDULE_CLASH', clash, { clash });
  const full = state.taken >= program.capacity;
  if (full && !input.joinWaitlist)
    throw new AppError('PROGRAM_FULL', ENROLLMENT_MESSAGES.full, { program: ENROLLMENT_MESSAGES.full });
  // A child covered by the family's membership takes a seat in a covered program with no payment.
  const coveredBy = !full ? facts.coveredBy : null;
  // A waitlist place is not a hold; an unpaid seat is (verified email, at most MAX_UNPAID_HOLDS).
  if (!full && !coveredBy) {
    assertVerified(facts.verified);
    const holds = state.holds.get(ctx.familyId) ?? 0;
    assertUnderHoldLimit(holds);
    state.holds.set(ctx.familyId, holds + 1);
  }
  state.placedChildren.add(child.id);
  const waitlistPosition = full ? ++state.waiting : 0;
  if (!full) state.taken++;
  return { request, facts, full, coveredBy, clash, waitlistPosition };
}
