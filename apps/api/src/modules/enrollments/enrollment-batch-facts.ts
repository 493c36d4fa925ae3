import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, programs, schools, users } from '@kikstart/db';
import { asValue, fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { coveringSubscriptionQuery } from '../memberships/coverage.ts';
import { clashQuery, liveEnrollmentOf, waiverVersionQuery, type ClashingProgram } from './enrollment-rules.ts';
import { seatsTakenQuery, sweepDue } from './enrollment-seats.ts';
import { reminderWindowEnd } from './enrollment-holds.ts';
import { venueSql } from './enrollment-mail.ts';
import type { EnrollRequest } from './enrollment-batch.ts';

/** What one request of an enrollment batch is decided on (enrollment-batch.ts). */
export interface RequestFacts {
  /** The child, when it is the caller's family's. */
  child: { id: string; firstName: string; lastName: string; grade: number; dateOfBirth: string } | null;
  enrolled: boolean;
  clash: ClashingProgram | null;
  coveredBy: string | null;
  verified: boolean;
  guardians: string[];
}

interface FactsRow {
  childId: string | null;
  firstName: string;
  lastName: string;
  grade: number;
  dateOfBirth: string;
  enrolled: boolean;
  clash: (Record<string, unknown> & { title: string; weekdays: number[] }) | null;
  coveredBy: string | null;
  verified: boolean;
  guardians: string[];
  taken: number;
  waiting: number;
  venue: string;
  schoolName: string | null;
  lastLockedAt: string | null;
  lastWaitlistedAt: string | null;
  waiverVersion: number | null;
  sweepDue: boolean;
}

/** The values of the facts statement: the requests as three arrays, the program, the clock. */
type FactsValues = {
  childIds: string[];
  familyIds: string[];
  userIds: string[];
  programId: string;
  schoolId: string | null;
  weekdays: number[];
  startTime: string;
  endTime: string;
  firstDate: string;
  lastDate: string;
  now: Date;
  /** The end of the hold reminder's window (sweepDue). */
  soon: Date;
};

/**
 * The facts statement, built once per process for each kind of program (with a membership that
 * can cover it, or not): its text is the same for every batch and program, so building it is no
 * longer part of each batch's time under the program lock (about a millisecond of CPU a batch;
 * the spread rush's API used a quarter more CPU when it was built per batch). The requests go as
 * three arrays for the same reason: the statement goes out named and PostgreSQL plans it once per
 * connection.
 */
const factsStatement = (covered: boolean) =>
  fixedQuery((tx, p: Placeholders<FactsValues>) => {
    const program = {
      id: asValue(p.programId),
      weekdays: asValue(p.weekdays),
      startTime: asValue(p.startTime),
      endTime: asValue(p.endTime),
      firstDate: asValue(p.firstDate),
      lastDate: asValue(p.lastDate),
    };
    const requested = sql`unnest(${p.childIds}::uuid[], ${p.familyIds}::uuid[], ${p.userIds}::uuid[])
      with ordinality as r(child_id, family_id, user_id, n)`;
    const childId = sql`r.child_id`;
    const familyId = sql`r.family_id`;
    const enrolled = tx.select({ id: enrollments.id }).from(enrollments).where(liveEnrollmentOf(childId, program.id));
    const covering = covered ? sql`(${coveringSubscriptionQuery(tx, { familyId, childId })})` : sql`null::uuid`;
    const waiting = tx
      .select({ count: sql<number>`count(*)::int` })
      .from(enrollments)
      .where(and(eq(enrollments.programId, program.id), eq(enrollments.status, WAITLIST_STATUS)));
    return sql`
    select
      ${children.id} as "childId", ${children.firstName} as "firstName", ${children.lastName} as "lastName",
      ${children.grade} as "grade", ${children.dateOfBirth}::text as "dateOfBirth",
      exists (${enrolled}) as "enrolled",
      (select row_to_json(c) from (${clashQuery(tx, childId, program)}) c) as "clash",
      ${covering} as "coveredBy",
      exists (select 1 from ${users} where ${users.id} = r.user_id and ${users.emailVerifiedAt} is not null) as "verified",
      array(select ${users.email} from ${users} where ${users.familyId} = r.family_id order by ${users.email}) as "guardians",
      (${seatsTakenQuery(tx, program.id)}) as "taken",
      (${waiting}) as "waiting",
      (select ${venueSql} from ${programs} where ${programs.id} = ${p.programId}::uuid) as "venue",
      (select ${schools.name} from ${schools} where ${schools.id} = ${p.schoolId}::uuid) as "schoolName",
      (select max(${enrollments.createdAt})::text from ${enrollments} where ${enrollments.programId} = ${p.programId}::uuid) as "lastLockedAt",
      (select max(${enrollments.waitlistedAt})::text from ${enrollments} where ${enrollments.programId} = ${p.programId}::uuid) as "lastWaitlistedAt",
      (${waiverVersionQuery(tx)}) as "waiverVersion",
      (select ${sweepDue(tx, program.id, asValue(p.now), asValue(p.soon))} from ${programs} where ${programs.id} = ${p.programId}::uuid) as "sweepDue"
    from ${requested}
    left join ${children} on ${children.id} = r.child_id and ${children.familyId} = r.family_id
    order by r.n`;
  });
const factsOf = { covered: factsStatement(true), uncovered: factsStatement(false) };

/**
 * Everything the batch decides on, in one statement after the program lock (a statement started
 * after the lock sees every seat change committed before it). Per request: the child (if it is
 * the caller's family's), its live enrollment here, a clashing seat, the covering membership
 * (covered programs only), whether the caller's email is verified, the guardians to mail.
 * Once: seats taken, places waiting, the venue and the school (for the mails and the answers),
 * the last lock and queue times given in this program, the waiver's version, and whether the
 * program has anything for the sweep to end or offer (`sweepDue`): asked here, under the lock,
 * rather than in a statement before the transaction, which on PGlite's one connection waited its
 * turn behind every other request's statements once more per batch.
 */
export async function batchFacts(tx: Db, program: typeof programs.$inferSelect, requests: EnrollRequest[], now: Date) {
  // Planned once per connection: the batch's program lock set the transaction's plan_cache_mode
  // (lockProgramForBatch in enrollment-seats.ts).
  const result = await factsOf[program.coveredByMembership ? 'covered' : 'uncovered'](tx, {
    childIds: requests.map((r) => r.input.childId),
    familyIds: requests.map((r) => r.ctx.familyId),
    userIds: requests.map((r) => r.ctx.userId),
    programId: program.id,
    schoolId: program.schoolId,
    weekdays: program.weekdays,
    startTime: program.startTime,
    endTime: program.endTime,
    firstDate: program.firstDate,
    lastDate: program.lastDate,
    now,
    soon: reminderWindowEnd(now),
  });
  const rows = (result as unknown as { rows: FactsRow[] }).rows;
  const first = rows[0]!;
  return {
    seats: {
      taken: Number(first.taken),
      waiting: Number(first.waiting),
      venue: first.venue,
      schoolName: first.schoolName,
      lastLockedAt: first.lastLockedAt,
      lastWaitlistedAt: first.lastWaitlistedAt,
      waiverVersion: first.waiverVersion === null ? null : Number(first.waiverVersion),
      sweepDue: first.sweepDue,
    },
    perRequest: rows.map((row): RequestFacts => ({
      child: row.childId
        ? {
            id: row.childId,
            firstName: row.firstName,
            lastName: row.lastName,
            grade: Number(row.grade),
            dateOfBirth: row.dateOfBirth,
          }
        : null,
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
