import { z } from 'zod';
import { uuidParam } from './common.ts';
import { classTypeSchema, locationTypeSchema } from './program-kinds.ts';

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
  searchBy: optionalQuery(z.enum(['school', 'location'], { error: 'Search by School Name or Class Location' })).default(
    'school',
  ),
  q: optionalQuery(z.string().trim().max(100, 'Search text must be at most 100 characters')),
  classType: optionalQuery(z.enum(['enrichment', 'after_school'], { error: 'Choose Enrichment or After School' })),
  locationType: optionalQuery(
    z.enum(['at_my_school', 'public_class'], { error: 'Choose At My School or Public Class Near Me' }),
  ),
  grade: optionalQuery(
    z.coerce
      .number({ error: 'Choose a grade from K to 12' })
      .int('Choose a grade from K to 12')
      .min(0, 'Choose a grade from K to 12')
      .max(12, 'Choose a grade from K to 12'),
  ),
  age: optionalQuery(
    z.coerce
      .number({ error: 'Age must be between 3 and 18' })
      .int('Age must be between 3 and 18')
      .min(3, 'Age must be between 3 and 18')
      .max(18, 'Age must be between 3 and 18'),
  ),
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: optionalQuery(
    z.coerce
      .number({ error: 'Weekday must be 1 (Monday) to 7 (Sunday)' })
      .int('Weekday must be 1 (Monday) to 7 (Sunday)')
      .min(1, 'Weekday must be 1 (Monday) to 7 (Sunday)')
      .max(7, 'Weekday must be 1 (Monday) to 7 (Sunday)'),
  ),
  page: optionalQuery(
    z.coerce
      .number({ error: 'Page must be a whole number from 1' })
      .int('Page must be a whole number from 1')
      .min(1, 'Page must be a whole number from 1')
      .max(10_000, 'Page is too large'),
  ).default(1),
  limit: optionalQuery(
    z.coerce
      .number({ error: `Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}` })
      .int(`Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}`)
      .min(1, `Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}`)
      .max(PROGRAM_LIST_MAX_LIMIT, `Limit must be 1 to ${PROGRAM_LIST_MAX_LIMIT}`),
  ).default(PROGRAM_LIST_DEFAULT_LIMIT),
});
export type ProgramListQuery = z.output<typeof programListQuery>;

/**
 * A map search for a postal address (Google Maps' documented search URL: it opens the Maps app
 * on phones and the web map elsewhere), so a parent can get directions to the venue.
 */
export const mapSearchUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export const programIdQuery = z.object({ id: uuidParam });
export const activityIdQuery = z.object({ id: uuidParam });
export const activityListQuery = z.object({ programId: uuidParam });

export const programSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  sport: z.string(),
  summary: z.string(),
  classType: classTypeSchema,
  locationType: locationTypeSchema,
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  venueName: z.string().nullable(),
  venueAddress: z.string(),
  /** ISO weekdays, 1 = Monday. */
  weekdays: z.array(z.number().int()),
  /** Local wall time HH:MM in PROGRAM_TIME_ZONE. */
  startTime: z.string(),
  endTime: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  minAge: z.number().nullable(),
  maxAge: z.number().nullable(),
  /** 0 = kindergarten. */
  minGrade: z.number().nullable(),
  maxGrade: z.number().nullable(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  coveredByMembership: z.boolean(),
  /**
   * The program's picture: `/uploads/…` (a staff upload, on the API host) or
   * `/illustrations/programs/….svg` (an illustration shipped with the web app); null for none.
   */
  imageUrl: z.string().nullable(),
  /** What the picture shows, for screen readers; set whenever imageUrl is. */
  imageAlt: z.string().nullable(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

export const programActivitySchema = z.object({
  id: z.string(),
  programId: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
});
export type ProgramActivity = z.infer<typeof programActivitySchema>;

/** GET /program/activity: one activity with its program's title. */
export const programActivityWithTitleSchema = programActivitySchema.extend({ programTitle: z.string() });

export const programDetailsSchema = programSummarySchema.extend({
  /** Markdown. */
  description: z.string(),
  timeZone: z.string(),
  sessionCount: z.number().int(),
  school: z.object({ id: z.string(), name: z.string(), address: z.string(), city: z.string() }).nullable(),
  /** Where the class meets: the public venue, or the school for an at-school class. */
  venue: z.object({ name: z.string(), address: z.string(), mapUrl: z.string() }),
  /** First name and last initial only, with the profile staff wrote (empty bio and list until then). */
  coach: z
    .object({ name: z.string(), bio: z.string(), credentials: z.array(z.string()), photoUrl: z.string().nullable() })
    .nullable(),
  images: z.array(z.string()),
  activities: z.array(programActivitySchema),
});
export type ProgramDetails = z.infer<typeof programDetailsSchema>;
