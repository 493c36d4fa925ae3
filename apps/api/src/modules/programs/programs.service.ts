import { and, asc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { coachProfiles, programActivities, programs, schools, users } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import type { Paged } from '@kikstart/contract/common';
import { SEAT_STATUSES } from '@kikstart/contract/enrollment-status';
import {
  PROGRAM_MESSAGES,
  mapSearchUrl,
  type ProgramActivity,
  type ProgramDetails,
  type ProgramListQuery,
  type ProgramSummary,
} from '@kikstart/contract/programs';
import { AppError } from '../../lib/errors.ts';
import { PROGRAM_TIME_ZONE, sessionDates } from '@kikstart/contract/schedule';
import { programCardColumns, programScheduleColumns } from './program-columns.ts';
import { isOneOf } from '../../lib/constant-list.ts';

/**
 * image_path holds an upload's key under the uploads folder (`programs/<name>.jpg`) or the site
 * path of an illustration shipped with the web app (leading slash), which is passed through.
 */
export const programImageUrl = (path: string | null) =>
  !path ? null : path.startsWith('/') ? path : `/uploads/${path}`;

/** Seats held (SEAT_STATUSES: pending payments, confirmed enrollments and open waitlist offers). */
// "programs"."id" is qualified by hand: in a single-table select Drizzle would leave it bare.
export const seatsTakenSql = sql<number>`(select count(*) from enrollments e
  where e.program_id = "programs"."id" and ${isOneOf(sql`e.status`, SEAT_STATUSES)})`;

/** The columns of a ProgramSummary; seatsLeft is computed in the same statement. */
export const summaryColumns = {
  ...programCardColumns,
  schoolId: programs.schoolId,
  schoolName: schools.name,
  ...programScheduleColumns,
  minAge: programs.minAge,
  maxAge: programs.maxAge,
  minGrade: programs.minGrade,
  maxGrade: programs.maxGrade,
  capacity: programs.capacity,
  seatsLeft: sql<number>`greatest("programs"."capacity" - ${seatsTakenSql}, 0)::int`,
  priceCents: programs.priceCents,
  currency: programs.currency,
  coveredByMembership: programs.coveredByMembership,
  imagePath: programs.imagePath,
  imageAlt: programs.imageAlt,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  imagePath: string | null;
  imageAlt: string | null;
  title: string;
};

export function toSummary(row: SummaryRow): ProgramSummary {
  // The query's own row object becomes the summary: copying it (by rest and spread, as before)
  // was the largest cost of a catalog page after the database, which maps 50 rows per request.
  // Its storage-only columns (imagePath, a page's total) ride along unseen: responses are
  // written by their schema, which sends a summary's fields only.
  const summary = row as SummaryRow & { imageUrl: string | null };
  summary.imageUrl = programImageUrl(row.imagePath);
  // A picture without its own description is still named for screen readers.
  summary.imageAlt = summary.imageUrl ? row.imageAlt?.trim() || `Picture of the ${row.title} program` : null;
  return summary as unknown as ProgramSummary;
}

/** `%` and `_` in the visitor's text match themselves, not "anything". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const hasGradeRange = sql`(${programs.minGrade} is not null or ${programs.maxGrade} is not null)`;
const hasAgeRange = sql`(${programs.minAge} is not null or ${programs.maxAge} is not null)`;
const gradeIn = (grade: number) =>
  sql`${grade} between coalesce(${programs.minGrade}, 0) and coalesce(${programs.maxGrade}, 12)`;
const ageIn = (age: number) => sql`${age} between coalesce(${programs.minAge}, 0) and coalesce(${programs.maxAge}, 99)`;

/**
 * A grade filter matches a program set by age when a child of that grade is usually that age
 * (grade + 5 or + 6), and the other way round; enrollment itself checks the child exactly.
 */
function gradeFilter(grade: number): SQL {
  return sql`(case when ${hasGradeRange} then ${gradeIn(grade)}
    when ${hasAgeRange} then (${ageIn(grade + 5)} or ${ageIn(grade + 6)}) else true end)`;
}
function ageFilter(age: number): SQL {
  return sql`(case when ${hasAgeRange} then ${ageIn(age)}
    when ${hasGradeRange} then (${gradeIn(age - 6)} or ${gradeIn(age - 5)}) else true end)`;
}

/** Published programs that have not ended: what a parent can browse. */
export const openProgram = () => and(eq(programs.published, true), gte(programs.lastDate, sql`current_date`));

/**
 * One SQL statement per page whatever its size: the page's programs are chosen first (with the
 * total by a window count), then seats left are counted for those programs only, not for every
 * match. Only a page past the end needs a second statement for the total.
 */
export async function listPrograms(db: Db, query: ProgramListQuery): Promise<Paged<ProgramSummary>> {
  const conditions: (SQL | undefined)[] = [openProgram()];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      query.searchBy === 'location'
        ? or(
            ilike(programs.venueName, pattern),
            ilike(programs.venueAddress, pattern),
            ilike(schools.city, pattern),
            ilike(schools.address, pattern),
          )
        : ilike(schools.name, pattern),
    );
  }
  if (query.classType) conditions.push(eq(programs.classType, query.classType));
  if (query.locationType) conditions.push(eq(programs.locationType, query.locationType));
  if (query.grade !== undefined) conditions.push(gradeFilter(query.grade));
  if (query.age !== undefined) conditions.push(ageFilter(query.age));
  if (query.weekday !== undefined) conditions.push(sql`${query.weekday}::smallint = any(${programs.weekdays})`);
  const where = and(...conditions);
  const order = [asc(programs.firstDate), asc(programs.title), asc(programs.id)];

  const page = db
    .select({ id: programs.id, total: sql<number>`(count(*) over())::int`.as('total') })
    .from(programs)
    .leftJoin(schools, eq(schools.id, programs.schoolId))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const rows = await db
    .select({ ...summaryColumns, total: page.total })
    .from(page)
    .innerJoin(programs, eq(programs.id, page.id))
    .leftJoin(schools, eq(schools.id, programs.schoolId))
    .orderBy(...order);

  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(programs)
      .leftJoin(schools, eq(schools.id, programs.schoolId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { items: rows.map(toSummary), page: query.page, limit: query.limit, total };
}

/**
 * A program's page and its activities are fixed queries (fixed-query.ts), built once per
 * process: every visit to a program asks for them, and building them with Drizzle was about a
 * fifth of the API's CPU on /programs/details.
 */
const publishedProgramDetails = fixedQuery((db, p: Placeholders<{ id: string }>) =>
  db
    .select({
      ...summaryColumns,
      description: programs.description,
      schoolAddress: schools.address,
      schoolCity: schools.city,
      coachFirstName: users.firstName,
      coachLastName: users.lastName,
      coachBio: coachProfiles.bio,
      coachCredentials: coachProfiles.credentials,
      coachPhotoPath: coachProfiles.photoPath,
    })
    .from(programs)
    .leftJoin(schools, eq(schools.id, programs.schoolId))
    .leftJoin(users, eq(users.id, programs.coachId))
    .leftJoin(coachProfiles, eq(coachProfiles.userId, programs.coachId))
    .where(and(eq(programs.id, p.id), eq(programs.published, true))),
);

/** Staff may unpublish a program; parents then no longer see it. */
export async function getProgramDetails(db: Db, id: string): Promise<ProgramDetails> {
  const [row] = await publishedProgramDetails(db, { id });
  if (!row) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
  const activities = await listActivities(db, id, false);
  const {
    description,
    schoolAddress,
    schoolCity,
    coachFirstName,
    coachLastName,
    coachBio,
    coachCredentials,
    coachPhotoPath,
    ...summaryRow
  } = row;
  const summary = toSummary(summaryRow);
  const venueAddress = summary.venueAddress || [schoolAddress, schoolCity].filter(Boolean).join(', ');
  return {
    ...summary,
    description,
    timeZone: PROGRAM_TIME_ZONE,
    sessionCount: sessionDates(summary).length,
    school:
      summary.schoolId && summary.schoolName
        ? { id: summary.schoolId, name: summary.schoolName, address: schoolAddress ?? '', city: schoolCity ?? '' }
        : null,
    venue: {
      name: summary.venueName ?? summary.schoolName ?? summary.title,
      address: venueAddress,
      mapUrl: mapSearchUrl(venueAddress),
    },
    // Privacy: families see the coach's first name and last initial only.
    coach: coachFirstName
      ? {
          name: `${coachFirstName}${coachLastName ? ` ${coachLastName.charAt(0)}.` : ''}`,
          bio: coachBio ?? '',
          credentials: coachCredentials ?? [],
          photoUrl: coachPhotoPath ? `/uploads/${coachPhotoPath}` : null,
        }
      : null,
    images: summary.imageUrl ? [summary.imageUrl] : [],
    activities,
  };
}

/** The columns of a ProgramActivity. */
const activityColumns = {
  id: programActivities.id,
  programId: programActivities.programId,
  position: programActivities.position,
  title: programActivities.title,
  description: programActivities.description,
};

const publishedProgramId = fixedQuery((db, p: Placeholders<{ id: string }>) =>
  db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.id, p.id), eq(programs.published, true))),
);

const activitiesOf = fixedQuery((db, p: Placeholders<{ programId: string }>) =>
  db
    .select(activityColumns)
    .from(programActivities)
    .where(eq(programActivities.programId, p.programId))
    .orderBy(asc(programActivities.position)),
);

/** A published program's activities in session order; 404 for an unknown program when asked. */
export async function listActivities(db: Db, programId: string, checkProgram = true): Promise<ProgramActivity[]> {
  if (checkProgram) {
    const [program] = await publishedProgramId(db, { id: programId });
    if (!program) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
  }
  return activitiesOf(db, { programId });
}

export async function getActivity(db: Db, id: string): Promise<ProgramActivity & { programTitle: string }> {
  const [row] = await db
    .select({ ...activityColumns, programTitle: programs.title })
    .from(programActivities)
    .innerJoin(programs, eq(programs.id, programActivities.programId))
    .where(and(eq(programActivities.id, id), eq(programs.published, true)));
  if (!row) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.activityNotFound);
  return row;
}
