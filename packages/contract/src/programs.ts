import { z } from 'zod';
import { uuidParam } from './common.ts';
import type { ClassType, LocationType } from './content.ts';

export const PROGRAM_MESSAGES = {
  notFound: 'Program not found',
  activityNotFound: 'Activity not found',
} as const;

export const PROGRAM_LIST_DEFAULT_LIMIT = 12;
export const PROGRAM_LIST_MAX_LIMIT = 50;

/** Empty query values mean "no filter" (a form's cleared select sends ""). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const programListQuery = z.object({
  /** Search-by labels (spec §1): School Name → school, Class Location → location. */
  searchBy: optionalQuery(z.enum(['school', 'location'], { error: 'Search by School Name or Class Location' })).default('school'),
  q: optionalQuery(z.string().trim().max(100, 'Search text must be at most 100 characters')),
  classType: optionalQuery(z.enum(['enrichment', 'after_school'], { error: 'Choose Enrichment or After School' })),
  locationType: optionalQuery(z.enum(['at_my_school', 'public_class'], { error: 'Choose At My School or Public Class Near Me' })),
  grade: optionalQuery(z.coerce.number({ error: 'Choose a grade from K to 12' }).int('Choose a grade from K to 12').min(0, 'Choose a grade from K to 12').max(12, 'Choose a grade from K to 12')),
  age: optionalQuery(z.coerce.number({ error: 'Age must be between 3 and 18' }).int('Age must be between 3 and 18').min(3, 'Age must be between 3 and 18').max(18, 'Age must be between 3 and 18')),
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: optionalQuery(z.coerce.number({ error: 'Weekday must be 1 (Monday) to 7 (Sunday)' }).int('Weekday must be 1 (Monday) to 7 (Sunday)').min(1, 'Weekday must be 1 (Monday) to 7 (Sunday)').max(7, 'Weekday must be 1 (Monday) to 7 (Sunday)')),
  page: optionalQuery(z.coerce.number({ error: 'Page must be a whole number from 1' }).int('Page must be a whole number from 1').min(1, 'Page must be a whole number from 1').max(10_000, 'Page is too large')).default(1),
  limit: optionalQuery(z.coerce.number({ error: `Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}` }).int(`Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}`).min(1, `Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}`).max(PROGRAM_LIST_MAX_LIMIT, `Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}`)).default(PROGRAM_LIST_DEFAULT_LIMIT),
});
export type ProgramListQuery = z.output<typeof programListQuery>;

export const programIdQuery = z.object({ id: uuidParam });
export const activityIdQuery = z.object({ id: uuidParam });
export const activityListQuery = z.object({ programId: uuidParam });

export interface ProgramSummary {
  id: string;
  slug: string;
  title: string;
  sport: string;
  summary: string;
  classType: ClassType;
  locationType: LocationType;
  schoolId: string | null;
  schoolName: string | null;
  venueName: string | null;
  venueAddress: string;
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
  /** Local wall time HH:MM in PROGRAM_TIME_ZONE. */
  startTime: string;
  endTime: string;
  firstDate: string;
  lastDate: string;
  minAge: number | null;
  maxAge: number | null;
  /** 0 = kindergarten. */
  minGrade: number | null;
  maxGrade: number | null;
  capacity: number;
  seatsLeft: number;
  priceCents: number;
  currency: string;
  coveredByMembership: boolean;
  imageUrl: string | null;
}

export interface ProgramActivity {
  id: string;
  programId: string;
  position: number;
  title: string;
  description: string;
}

export interface ProgramDetails extends ProgramSummary {
  /** Markdown. */
  description: string;
  timeZone: string;
  sessionCount: number;
  school: { id: string; name: string; address: string; city: string } | null;
  /** First name and last initial only. */
  coach: { name: string } | null;
  images: string[];
  activities: ProgramActivity[];
}
