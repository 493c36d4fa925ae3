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

/** What one program of the batch is decided on: its seats and queue, and what its mails and answers say. */
export interface ProgramFacts {
  taken: number;
  waiting: number;
  venue: string;
  schoolName: string | null;
  /** The last `created_at` and `waitlisted_at` given in the program (database text). */
  lastLockedAt: string | null;
  lastWaitlistedAt: string | null;
  /** Whether the sweep has a lapsed hold or offer, a reminder or a free seat with a queue to see to. */
  sweepDue: boolean;
}

interface FactsRow extends ProgramFacts {
  programId: string;
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
  waiverVersion: number | null;
}

/** The values of the facts statement: the requests as four arrays, and the clock. */
type FactsValues = {
  childIds: string[];
  familyIds: string[];
  userIds: string[];
  programIds: string[];
  now: Date;
  /** The end of the hold reminder's window (sweepDue). */
  soon: Date;
};

/**
 * The facts statement, built once per process: its text is the same for every batch, whatever
 * its programs and size, so building it is no part of a batch's time under the locks (about a
 * millisecond of CPU a batch when it was built per batch), and it goes out named: PostgreSQL
 * plans it once per connection. The requests go as four arrays (`r`, in arrival order); each
 * program of the batch is read once (`bp`, materialised), whatever the number of its requests.
 */
const factsStatement = fixedQuery((tx, p: Placeholders<FactsValues>) => {
  const programId = sql`"programs"."id"`;
  const waiting = tx
    .select({ count: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.programId, programId), eq(enrollments.status, WAITLIST_STATUS)));
  // The request's program, as the columns of its `bp` row.
  const program = {
    id: sql`bp.id`,
    weekdays: sql`bp.weekdays`,
    startTime: sql`bp.start_time`,
    endTime: sql`bp.end_time`,
    firstDate: sql`bp.first_date`,
    lastDate: sql`bp.last_date`,
  };
  const childId = sql`r.child_id`;
  const familyId = sql`r.family_id`;
  const enrolled = tx.select({ id: enrollments.id }).from(enrollments).where(liveEnrollmentOf(childId, program.id));
  return sql`
    with r as (
      select * from unnest(${p.childIds}::uuid[], ${p.familyIds}::uuid[], ${p.userIds}::uuid[], ${p.programIds}::uuid[])
        with ordinality as r(child_id, family_id, user_id, program_id, n)
    ),
    bp as materialized (
      select ${programs.id} as id, ${programs.weekdays} as weekdays, ${programs.startTime} as start_time,
        ${programs.endTime} as end_time, ${programs.firstDate} as first_date, ${programs.lastDate} as last_date,
        ${programs.coveredByMembership} as covered,
        (${seatsTakenQuery(tx, programId)}) as "taken",
        (${waiting}) as "waiting",
        ${venueSql} as "venue",
        (select ${schools.name} from ${schools} where ${schools.id} = ${programs.schoolId}) as "schoolName",
        (select max(${enrollments.createdAt})::text from ${enrollments} where ${enrollments.programId} = ${programId}) as "lastLockedAt",
        (select max(${enrollments.waitlistedAt})::text from ${enrollments} where ${enrollments.programId} = ${programId}) as "lastWaitlistedAt",
        ${sweepDue(tx, programId, asValue(p.now), asValue(p.soon))} as "sweepDue"
      from ${programs}
      where ${programs.id} in (select program_id from r)
    )
    select
      r.program_id as "programId",
      ${children.id} as "childId", ${children.firstName} as "firstName", ${children.lastName} as "lastName",
      ${children.grade} as "grade", ${children.dateOfBirth}::text as "dateOfBirth",
      exists (${enrolled}) as "enrolled",
      (select row_to_json(c) from (${clashQuery(tx, childId, program)}) c) as "clash",
      case when bp.covered then (${coveringSubscriptionQuery(tx, { familyId, childId })}) end as "coveredBy",
      exists (select 1 from ${users} where ${users.id} = r.user_id and ${users.emailVerifiedAt} is not null) as "verified",
      array(select ${users.email} from ${users} where ${users.familyId} = r.family_id order by ${users.email}) as "guardians",
      bp."taken", bp."waiting", bp."venue", bp."schoolName", bp."lastLockedAt", bp."lastWaitlistedAt", bp."sweepDue",
      (${waiverVersionQuery(tx)}) as "waiverVersion"
    from r
    join bp on bp.id = r.program_id
    left join ${children} on ${children.id} = r.child_id and ${children.familyId} = r.family_id
    order by r.n`;
});

/**
 * Everything a batch decides on, in one statement after the programs' locks (a statement started
 * after the locks sees every seat change committed before it). Per request: the child (if it is
 * the caller's family's), its live enrollment in the program, a clashing seat, the covering
 * membership (covered programs only), whether the caller's email is verified, the guardians to
 * mail. Per program: seats taken, places waiting, the venue and the school (for the mails and the
 * answers), the last lock and queue times given, and whether it has anything for the sweep to end
 * or offer (`sweepDue`): asked here, under the lock, rather than in a statement before the
 * transaction, which on PGlite's one connection waited its turn behind every other request's
 * statements once more per batch. Once: the waiver's version (null when none is published).
 * Every request's program must exist (locked by the batch).
 */
export async function batchFacts(tx: Db, requests: EnrollRequest[], now: Date) {
  // Planned once per connection: the batch's lock set the transaction's plan_cache_mode
  // (lockProgramsForBatch in enrollment-seats.ts).
  const result = await factsStatement(tx, {
    childIds: requests.map((r) => r.input.childId),
    familyIds: requests.map((r) => r.ctx.familyId),
    userIds: requests.map((r) => r.ctx.userId),
    programIds: requests.map((r) => r.input.programId),
    now,
    soon: reminderWindowEnd(now),
  });
  const rows = (result as unknown as { rows: FactsRow[] }).rows;
  const programFacts = new Map<string, ProgramFacts>();
  for (const row of rows) {
    if (programFacts.has(row.programId)) continue;
    programFacts.set(row.programId, {
      taken: Number(row.taken),
      waiting: Number(row.waiting),
      venue: row.venue,
      schoolName: row.schoolName,
      lastLockedAt: row.lastLockedAt,
      lastWaitlistedAt: row.lastWaitlistedAt,
      sweepDue: row.sweepDue,
    });
  }
  const waiverVersion = rows[0]?.waiverVersion;
  return {
    waiverVersion: waiverVersion === null || waiverVersion === undefined ? null : Number(waiverVersion),
    programs: programFacts,
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
