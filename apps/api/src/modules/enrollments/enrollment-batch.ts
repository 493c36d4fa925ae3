import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { enrollments, programs, users } from '@kikstart/db';
import { ENROLLMENT_MESSAGES, type EnrollmentCreateInput } from '@kikstart/contract/enrollments';
import { CONFIRMED_STATUS, UNPAID_HOLD_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { PROGRAM_MESSAGES } from '@kikstart/contract/programs';
import type { ChildRow } from '../children/children.service.ts';
import { AppError } from '../../lib/errors.ts';
import { queueMailBatch, type MailToMany } from '../mail/mail.service.ts';
import { coveringSubscriptionQuery } from '../memberships/coverage.ts';
import {
  clashQuery,
  describeClash,
  eligibilityReasons,
  isUniqueViolation,
  liveEnrollmentOf,
  type ClashingProgram,
} from './enrollment-rules.ts';
import { lockProgram, seatsTakenQuery } from './enrollment-seats.ts';
import { assertUnderHoldLimit, assertVerified, holdUntil, lockFamilyHolds } from './enrollment-holds.ts';
import { venueSql, waitlistJoinedMail } from './enrollment-mail.ts';
import { programBatcher, type Outcome } from './program-queue.ts';
import type { EnrollmentContext } from './enrollments.service.ts';

/**
 * Registration day's critical section. Everyone enrolling in one program queues on its row
 * lock, so the time the lock is held per parent decides how fast the queue moves. The requests
 * waiting for a program are therefore decided together (program-queue.ts), in arrival order, in
 * one transaction: the lock, one statement reading every fact the decisions need, the family
 * hold locks, one insert and one mail statement, whether the batch has one request or a hundred.
 * Each request still gets its own answer (a seat, a waitlist place, or its own refusal).
 */

/** One parent's request, with what was read before it queued (the child, the checked waiver). */
export interface EnrollRequest {
  ctx: EnrollmentContext;
  input: EnrollmentCreateInput;
  child: ChildRow;
}

/** At most this many requests share one transaction (one insert statement). */
const MAX_BATCH = 100;

/** Queues the request behind its program's lock; resolves with the new enrollment's id or rejects with its refusal. */
export const enrollInTurn = programBatcher<EnrollRequest, string>(enrollBatch, MAX_BATCH);

async function enrollBatch(programId: string, requests: EnrollRequest[]): Promise<Outcome<string>[]> {
  // Every request of a program comes from the same app and database (program ids are unique).
  const { db } = requests[0]!.ctx;
  try {
    return await db.transaction((tx) => decideAndWrite(tx, programId, requests));
  } catch (err) {
    // The partial unique index refused a row. Under the program lock the batch reads every live
    // enrollment of the program first, so only a write that skipped the lock gets here; the
    // batch then runs again one request at a time, and the index refuses only that request.
    if (isUniqueViolation(err) && requests.length > 1) {
      const outcomes: Outcome<string>[] = [];
      for (const request of requests) {
        try {
          outcomes.push(...(await enrollBatch(programId, [request])));
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
      return outcomes;
    }
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

async function decideAndWrite(tx: Db, programId: string, requests: EnrollRequest[]): Promise<Outcome<string>[]> {
  const program = await lockProgram(tx, programId);
  if (!program || !program.published) {
    return requests.map(() => ({ ok: false, error: new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound) }));
  }
  const { perRequest, seats } = await batchFacts(tx, program, requests);
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
  const outcomes: (Outcome<string> | Placement)[] = requests.map((request, i) => {
    try {
      return place(program, request, perRequest[i]!, state);
    } catch (error) {
      return { ok: false, error };
    }
  });
  const placements = outcomes.filter((o): o is Placement => 'request' in o);
  if (!placements.length) return outcomes as Outcome<string>[];

  const inserted = await tx
    .insert(enrollments)
    .values(
      placements.map((p, i) => {
        const { ctx, input, child } = p.request;
        const status: typeof enrollments.$inferInsert.status = p.full
          ? WAITLIST_STATUS
          : p.coveredBy
            ? CONFIRMED_STATUS
            : UNPAID_HOLD_STATUS;
        return {
          familyId: ctx.familyId,
          childId: child.id,
          programId: program.id,
          status,
          createdBy: ctx.userId,
          priceCents: program.priceCents,
          currency: program.currency,
          coveredByMembership: program.coveredByMembership,
          waiverName: input.waiverName,
          waiverSignedAt: ctx.now,
          waiverVersion: input.waiverVersion,
          clashAcknowledged: !!p.clash,
          holdExpiresAt: p.full || p.coveredBy ? null : holdUntil(ctx.now),
          confirmedAt: p.coveredBy ? ctx.now : null,
          subscriptionId: p.coveredBy,
          // Times that keep the order the lock gave: each row after every earlier one in this
          // program (read under the lock) and after the rows before it in this batch.
          waitlistedAt: p.full ? after(seats.lastWaitlistedAt, i) : null,
          createdAt: after(seats.lastLockedAt, i),
        };
      }),
    )
    .returning({ id: enrollments.id, childId: enrollments.childId });
  const idOfChild = new Map(inserted.map((row) => [row.childId, row.id]));

  const mails: MailToMany[] = placements
    .filter((p) => p.full)
    .map((p) =>
      waitlistJoinedMail(
        p.facts.guardians,
        {
          familyId: p.request.ctx.familyId,
          childName: `${p.request.child.firstName} ${p.request.child.lastName}`,
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

  return outcomes.map((o) => ('request' in o ? { ok: true, value: idOfChild.get(o.request.child.id)! } : o));
}

/** A time after `last` (a database timestamp as text, or null) and `offset` microseconds on. */
const after = (last: string | null, offset: number) =>
  sql`greatest(clock_timestamp(), ${last}::timestamptz + interval '1 microsecond') + ${offset}::int * interval '1 microsecond'`;

/**
 * The checks of one request, in the order a single request always made them, against the
 * program's seats as the requests before it in this batch left them. Throws the refusal.
 */
function place(
  program: typeof programs.$inferSelect,
  request: EnrollRequest,
  facts: RequestFacts,
  state: { taken: number; waiting: number; placedChildren: Set<string>; holds: Map<string, number> },
): Placement {
  const { ctx, input, child } = request;
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

interface RequestFacts {
  enrolled: boolean;
  clash: ClashingProgram | null;
  coveredBy: string | null;
  verified: boolean;
  guardians: string[];
}

interface FactsRow {
  enrolled: boolean;
  clash: (Record<string, unknown> & { title: string; weekdays: number[] }) | null;
  coveredBy: string | null;
  verified: boolean;
  guardians: string[];
  taken: number;
  waiting: number;
  venue: string;
  lastLockedAt: string | null;
  lastWaitlistedAt: string | null;
}

/**
 * Everything the batch decides on, in one statement after the program lock (a statement started
 * after the lock sees every seat change committed before it). Per request: the child's live
 * enrollment here, a clashing seat, the covering membership (covered programs only), whether
 * the caller's email is verified, the guardians to mail. Once: seats taken, places waiting, the
 * venue, and the last lock and queue times given in this program.
 */
async function batchFacts(tx: Db, program: typeof programs.$inferSelect, requests: EnrollRequest[]) {
  const requested = sql.join(
    requests.map((r, i) => sql`(${i}::int, ${r.child.id}::uuid, ${r.ctx.familyId}::uuid, ${r.ctx.userId}::uuid)`),
    sql`, `,
  );
  const childId = sql`r.child_id`;
  const familyId = sql`r.family_id`;
  const enrolled = tx.select({ id: enrollments.id }).from(enrollments).where(liveEnrollmentOf(childId, program.id));
  const covering = program.coveredByMembership
    ? sql`(${coveringSubscriptionQuery(tx, { familyId, childId })})`
    : sql`null::uuid`;
  const waiting = tx
    .select({ count: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.programId, program.id), eq(enrollments.status, WAITLIST_STATUS)));
  const result = await tx.execute(sql`
    select
      exists (${enrolled}) as "enrolled",
      (select row_to_json(c) from (${clashQuery(tx, childId, program)}) c) as "clash",
      ${covering} as "coveredBy",
      exists (select 1 from ${users} where ${users.id} = r.user_id and ${users.emailVerifiedAt} is not null) as "verified",
      array(select ${users.email} from ${users} where ${users.familyId} = r.family_id order by ${users.email}) as "guardians",
      (${seatsTakenQuery(tx, program.id)}) as "taken",
      (${waiting}) as "waiting",
      (select ${venueSql} from ${programs} where ${programs.id} = ${program.id}) as "venue",
      (select max(${enrollments.createdAt})::text from ${enrollments} where ${enrollments.programId} = ${program.id}) as "lastLockedAt",
      (select max(${enrollments.waitlistedAt})::text from ${enrollments} where ${enrollments.programId} = ${program.id}) as "lastWaitlistedAt"
    from (values ${requested}) as r(n, child_id, family_id, user_id)
    order by r.n`);
  const rows = (result as unknown as { rows: FactsRow[] }).rows;
  const first = rows[0]!;
  return {
    seats: {
      taken: Number(first.taken),
      waiting: Number(first.waiting),
      venue: first.venue,
      lastLockedAt: first.lastLockedAt,
      lastWaitlistedAt: first.lastWaitlistedAt,
    },
    perRequest: rows.map((row): RequestFacts => ({
      enrolled: row.enrolled,
      coveredBy: row.coveredBy,
      verified: row.verified,
      guardians: row.guardians,
      // row_to_json names the columns as the table does.
      clash: row.clash
        ? {
            title: row.clash.title,
            weekdays: row.clash.weekdays,
            startTime: String(row.clash.start_time),
            endTime: String(row.clash.end_time),
          }
        : null,
    })),
  };
}
