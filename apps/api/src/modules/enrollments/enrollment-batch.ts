import type { Db, programs } from '@kikstart/db';
import { ENROLLMENT_MESSAGES, type Enrollment, type EnrollmentCreateInput } from '@kikstart/contract/enrollments';
import { CHILD_MESSAGES } from '@kikstart/contract/children';
import { CONFIRMED_STATUS, UNPAID_HOLD_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { PROGRAM_MESSAGES } from '@kikstart/contract/programs';
import { AppError } from '../../lib/errors.ts';
import { queueMailBatch, type MailToMany } from '../mail/mail.service.ts';
import { describeClash, eligibilityReasons, isUniqueViolation, WAIVER_UNAVAILABLE } from './enrollment-rules.ts';
import { expireLapsedHoldsAndOffers, lockProgramsForBatch } from './enrollment-seats.ts';
import { toEnrollment, type EnrollmentRow } from './enrollment-view.ts';
import { assertUnderHoldLimit, assertVerified, holdUntil, lockFamilyHolds } from './enrollment-holds.ts';
import { waitlistJoinedMail } from './enrollment-mail.ts';
import { batchFacts, type RequestFacts } from './enrollment-batch-facts.ts';
import { insertBatchEnrollments, type NewBatchEnrollment } from './enrollment-batch-insert.ts';
import { batchQueue, type Outcome } from './batch-queue.ts';
import type { EnrollmentContext } from './enrollments.service.ts';

/**
 * Registration day's critical section. Everyone enrolling in one program queues on its row
 * lock, so the time the locks are held decides how fast the queue moves. The requests waiting in
 * this process are therefore decided together (batch-queue.ts), whatever their programs, in
 * arrival order, in one transaction: one statement locking every program asked for (in id
 * order), one reading every fact the decisions need (each child, the waiver, each program's
 * seats), the family hold locks, one insert and one mail statement, whether the batch has one
 * request or MAX_BATCH over fifty programs. The answers are made from what the batch read and
 * wrote, in the shape every enrollment answer has (`toEnrollment`), with no statement after the
 * commit. A parent's request costs its session check and a share of its batch. Each request
 * still gets its own answer (its enrollment, or its own refusal).
 *
 * A batch per program (as at first) left a spread rush, a thousand parents over fifty programs
 * in a second, with about 250 small batches of seven or eight round trips each; across programs
 * the same rush was 8 batches, and enrolling's p99 fell by about 40% (decision 0028).
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

const batchWatchers = new Map<Db, Set<(size: number) => void>>();

/**
 * Calls `watcher` with the size of each batch decided on `db` (the metrics' rush batch sizes);
 * returns the unsubscribe. Keyed by database because the queue is the process's, not one app's.
 */
export function watchEnrollmentBatches(db: Db, watcher: (size: number) => void) {
  let watchers = batchWatchers.get(db);
  if (!watchers) batchWatchers.set(db, (watchers = new Set()));
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
    if (!watchers.size && batchWatchers.get(db) === watchers) batchWatchers.delete(db);
  };
}

const enrollmentQueue = batchQueue<Db, EnrollRequest, Enrollment>((db, requests) => {
  for (const watcher of batchWatchers.get(db) ?? []) watcher(requests.length);
  return enrollBatch(db, requests);
}, MAX_BATCH);

/** Queues the request behind the requests before it (one queue per database); resolves with the new enrollment or rejects with its refusal. */
export const enrollInTurn = (request: EnrollRequest) => enrollmentQueue(request.ctx.db, request);

/**
 * A child asked for more than once in a batch (two programs at the same moment, or one twice) has
 * its later requests decided in a transaction after the first one's commit, as if they had come
 * a moment later: the rules about a child's other seats (already enrolled, a schedule clash) read
 * the database, which does not show a seat the same transaction is about to give.
 */
async function enrollBatch(db: Db, requests: EnrollRequest[]): Promise<Outcome<Enrollment>[]> {
  const children = new Set<string>();
  const [first, later] = [new Map<number, EnrollRequest>(), new Map<number, EnrollRequest>()];
  requests.forEach((request, i) => {
    (children.has(request.input.childId) ? later : first).set(i, request);
    children.add(request.input.childId);
  });
  if (!later.size) return decideInTransaction(db, requests);
  const outcomes: Outcome<Enrollment>[] = [];
  for (const part of [first, later]) {
    const decided = await enrollBatch(db, [...part.values()]);
    [...part.keys()].forEach((i, k) => (outcomes[i] = decided[k]!));
  }
  return outcomes;
}

async function decideInTransaction(db: Db, requests: EnrollRequest[]): Promise<Outcome<Enrollment>[]> {
  try {
    return await db.transaction((tx) => decideAndWrite(tx, requests));
  } catch (err) {
    // The database refused the batch: the partial unique index (only a write that skipped the
    // program lock could trip it: the batch reads every live enrollment first), a deadlock with
    // a writer that took two program locks out of order, or any other failure. The batch runs
    // again one request at a time, so a failure is its own request's.
    if (requests.length > 1) {
      const outcomes: Outcome<Enrollment>[] = [];
      for (const request of requests) {
        try {
          outcomes.push(...(await decideInTransaction(db, [request])));
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

type Program = typeof programs.$inferSelect;

/** What one request was given: a seat (held, or covered by a membership) or a waitlist place. */
interface Placement {
  request: EnrollRequest;
  program: Program;
  facts: RequestFacts;
  full: boolean;
  coveredBy: string | null;
  clash: string | null;
  /** 1-based place in the queue, for a waitlist place. */
  waitlistPosition: number;
}

/** The batch's running count, as the requests before the one being placed left it. */
interface BatchState {
  /** Per program: seats taken and places waiting. */
  seats: Map<string, { taken: number; waiting: number }>;
  /** Per family: live unpaid holds. */
  holds: Map<string, number>;
}

const notFound = () => ({ ok: false as const, error: new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound) });

async function decideAndWrite(tx: Db, requests: EnrollRequest[]): Promise<Outcome<Enrollment>[]> {
  const locked = await lockProgramsForBatch(tx, [...new Set(requests.map((r) => r.input.programId))]);
  const programOf = (r: EnrollRequest) => {
    const program = locked.get(r.input.programId);
    return program?.published ? program : undefined;
  };
  // A program that is gone or unpublished is refused here; the others' requests are decided.
  const open = requests.filter((r) => programOf(r));
  if (!open.length) return requests.map(notFound);
  const { publicUrl, now } = requests[0]!.ctx;
  let facts = await batchFacts(tx, open, now);
  const sweepDue = [...facts.programs].filter(([, p]) => p.sweepDue).map(([id]) => id);
  if (sweepDue.length) {
    // Lapsed holds and offers end first, so their seats are free for this batch: the sweep runs
    // in this transaction, under the locks already held, and the facts are read again after it.
    for (const programId of sweepDue) await expireLapsedHoldsAndOffers({ db: tx, publicUrl, now, programId });
    facts = await batchFacts(tx, open, now);
  }
  const { waiverVersion } = facts;
  if (waiverVersion === null) {
    const error = new AppError('SERVICE_UNAVAILABLE', WAIVER_UNAVAILABLE);
    return requests.map((r) => (programOf(r) ? { ok: false, error } : notFound()));
  }
  const seatsOf = (r: EnrollRequest) => facts.programs.get(r.input.programId)!;
  // The family hold locks, only for families that could take an unpaid seat (verified, not
  // covered by a membership, in a program with seats free); taken after the program locks, as always.
  const holds = await lockFamilyHolds(
    tx,
    open
      .filter((r, i) => {
        const f = facts.perRequest[i]!;
        return f.verified && !f.coveredBy && seatsOf(r).taken < programOf(r)!.capacity;
      })
      .map((r) => r.ctx.familyId),
    now,
  );
  const state: BatchState = {
    seats: new Map([...facts.programs].map(([id, p]) => [id, { taken: p.taken, waiting: p.waiting }])),
    holds,
  };
  const factsOf = new Map(open.map((r, i) => [r, facts.perRequest[i]!]));
  const outcomes: (Outcome<Enrollment> | Placement)[] = requests.map((request) => {
    const program = programOf(request);
    if (!program) return notFound();
    try {
      return place(program, waiverVersion, request, factsOf.get(request)!, state);
    } catch (error) {
      return { ok: false, error };
    }
  });
  const placements = outcomes.filter((o): o is Placement => 'request' in o);
  if (!placements.length) return outcomes as Outcome<Enrollment>[];

  const rows = placements.map((p): NewBatchEnrollment => {
    const { ctx, input } = p.request;
    const { program } = p;
    const seats = seatsOf(p.request);
    return {
      familyId: ctx.familyId,
      childId: p.facts.child!.id,
      programId: program.id,
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
      priceCents: program.priceCents,
      currency: program.currency,
      coveredByMembership: program.coveredByMembership,
      lastLockedAt: seats.lastLockedAt,
      lastWaitlistedAt: seats.lastWaitlistedAt,
    };
  });
  const inserted = await insertBatchEnrollments(tx, rows);

  const mails: MailToMany[] = placements
    .filter((p) => p.full)
    .map(({ program, request, facts: f, waitlistPosition }) =>
      waitlistJoinedMail(
        f.guardians,
        {
          familyId: request.ctx.familyId,
          childName: `${f.child!.firstName} ${f.child!.lastName}`,
          programTitle: program.title,
          weekdays: program.weekdays,
          startTime: program.startTime,
          endTime: program.endTime,
          firstDate: program.firstDate,
          lastDate: program.lastDate,
          venue: seatsOf(request).venue,
          waitlistPosition,
        },
        { now: request.ctx.now, publicUrl: request.ctx.publicUrl },
      ),
    );
  await queueMailBatch(tx, mails);

  // Each answer as the enrollment now reads, with the queue place just decided (the mail says the same).
  const rowOf = new Map(placements.map((p, i) => [p, rows[i]!]));
  return outcomes.map((o): Outcome<Enrollment> => {
    if (!('request' in o)) return o;
    const child = o.facts.child!;
    const answer = answerOf(o.program, seatsOf(o.request).schoolName, child, rowOf.get(o)!, inserted.get(child.id)!);
    return { ok: true, value: toEnrollment(answer, o.full ? o.waitlistPosition : null) };
  });
}

/** A new enrollment's columns, from what its batch read and wrote (as `selectEnrollments` would read them). */
function answerOf(
  program: Program,
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
 * The checks of one request, in the order a single request always made them, against its
 * program's seats and its family's holds as the requests before it in this batch left them.
 * Throws the refusal.
 */
function place(
  program: Program,
  waiverVersion: number,
  request: EnrollRequest,
  facts: RequestFacts,
  state: BatchState,
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
  // (A child is in a batch once: enrollBatch.)
  if (facts.enrolled) throw new AppError('ALREADY_ENROLLED', ENROLLMENT_MESSAGES.alreadyEnrolled);
  const clash = describeClash(facts.clash, program);
  if (clash && !input.acknowledgeClash) throw new AppError('SCHEDULE_CLASH', clash, { clash });
  const seats = state.seats.get(program.id)!;
  const full = seats.taken >= program.capacity;
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
  const waitlistPosition = full ? ++seats.waiting : 0;
  if (!full) seats.taken++;
  return { request, program, facts, full, coveredBy, clash, waitlistPosition };
}
