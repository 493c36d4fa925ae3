import { and, eq, is, ne, SQL, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { contentPages, enrollments, programs } from '@kikstart/db';
import { ageOn, gradeLabel } from '@kikstart/contract/children';
import { ENROLLMENT_MESSAGES } from '@kikstart/contract/enrollments';
import { LIVE_STATUSES, SEAT_STATUSES } from '@kikstart/contract/enrollment-status';
import { describeSchedule } from '@kikstart/contract/schedule';
import { isOneOf } from '../../lib/constant-list.ts';

type ProgramRow = typeof programs.$inferSelect;
interface ChildFacts {
  id: string;
  grade: number;
  dateOfBirth: string;
}

/** An id, or a column of an outer query when the query is nested in one over many requests (the enrollment batch). */
export type IdOrColumn = string | SQL;

/** The child's live enrollment in the program (at most one: a partial unique index keeps it so). */
export const liveEnrollmentOf = (childId: IdOrColumn, programId: IdOrColumn) =>
  and(
    eq(enrollments.childId, childId),
    eq(enrollments.programId, programId),
    isOneOf(enrollments.status, LIVE_STATUSES),
  );

const range = (min: number | null, max: number | null, label: (n: number) => string) => {
  if (min !== null && max !== null) return `${label(min)} to ${label(max)}`;
  if (min !== null) return `${label(min)} and up`;
  return `up to ${label(max!)}`;
};

/** Why this child cannot take this program, in words for the parent; empty when they can. */
export function eligibilityReasons(program: ProgramRow, child: ChildFacts, now: Date): string[] {
  const today = now.toISOString().slice(0, 10);
  const reasons: string[] = [];
  if (!program.published || program.lastDate < today) reasons.push(ENROLLMENT_MESSAGES.notOpen);
  const { minGrade, maxGrade, minAge, maxAge } = program;
  if (minGrade !== null || maxGrade !== null) {
    if ((minGrade !== null && child.grade < minGrade) || (maxGrade !== null && child.grade > maxGrade)) {
      reasons.push(`This program is for grades ${range(minGrade, maxGrade, gradeLabel)}`);
    }
  }
  if (minAge !== null || maxAge !== null) {
    // Age on the first day of the program, so a birthday mid-season does not matter.
    const age = ageOn(child.dateOfBirth, program.firstDate);
    if ((minAge !== null && age < minAge) || (maxAge !== null && age > maxAge)) {
      reasons.push(`This program is for ages ${range(minAge, maxAge, String)}`);
    }
  }
  return reasons;
}

/**
 * What a clash is decided on: the program's id, days, hours and dates, as values or as the
 * columns of an outer query's program row (the enrollment batch's facts, one row per program).
 */
type ClashWindow =
  | Pick<ProgramRow, 'id' | 'weekdays' | 'startTime' | 'endTime' | 'firstDate' | 'lastDate'>
  | Record<'id' | 'weekdays' | 'startTime' | 'endTime' | 'firstDate' | 'lastDate', SQL>;

/** The program row of another seat of the same child that overlaps `program` in weekday, time and dates. */
export const clashQuery = (db: Db, childId: IdOrColumn, program: ClashWindow) =>
  db
    .select({
      title: programs.title,
      weekdays: programs.weekdays,
      startTime: programs.startTime,
      endTime: programs.endTime,
    })
    .from(enrollments)
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(
      and(
        eq(enrollments.childId, childId),
        isOneOf(enrollments.status, SEAT_STATUSES),
        ne(programs.id, program.id),
        sql`${programs.weekdays} && ${is(program.weekdays, SQL) ? program.weekdays : sql.param(program.weekdays, programs.weekdays)}`,
        sql`${programs.startTime} < ${program.endTime} and ${program.startTime} < ${programs.endTime}`,
        sql`${programs.firstDate} <= ${program.lastDate} and ${program.firstDate} <= ${programs.lastDate}`,
      ),
    )
    .limit(1);

export interface ClashingProgram {
  title: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
}

/** 'This clashes with Soccer Stars on Mondays 3:15 pm–4:15 pm', or null. */
export function describeClash(other: ClashingProgram | null | undefined, program: ProgramRow): string | null {
  if (!other) return null;
  const common = other.weekdays.filter((d) => program.weekdays.includes(d));
  return `This clashes with ${other.title} on ${describeSchedule(common, other.startTime, other.endTime)}`;
}

/**
 * Another seat of the same child on an overlapping weekday, time and date range, described
 * for the parent ('This clashes with Soccer Stars on Mondays 3:15 pm–4:15 pm'), or null.
 */
export async function findClash(db: Db, childId: string, program: ProgramRow): Promise<string | null> {
  const [other] = await clashQuery(db, childId, program);
  return describeClash(other, program);
}

/** The published waiver's version (a signature must match it), as a query to nest in a statement that reads more. */
export const waiverVersionQuery = (db: Db) =>
  db.select({ version: contentPages.version }).from(contentPages).where(eq(contentPages.key, 'waiver-data'));

/** Why an enrollment is refused while no waiver is published. */
export const WAIVER_UNAVAILABLE = 'The waiver is not available right now; please try again later';

/** True for PostgreSQL's unique violation, however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}
