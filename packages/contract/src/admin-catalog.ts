import { z } from 'zod';
import { MAX_LONG_TEXT, isCleanText, requiredText, uuidParam } from './common.ts';
import { adminListQuerySchema, adminPageSchema } from './admin-lists.ts';
import { classTypeSchema, locationTypeSchema } from './program-kinds.ts';
import { OFFER_ACTIONS } from './content.ts';
import { sessionDates } from './schedule.ts';

/**
 * The staff console's catalog (issue 15): programs, schools, coach profiles, testimonials and
 * offers. Form and server read the same rules from here.
 */
export const CATALOG_MESSAGES = {
  programNotFound: 'Program not found',
  schoolNotFound: 'School not found',
  coachNotFound: 'Coach not found',
  testimonialNotFound: 'Testimonial not found',
  offerNotFound: 'Offer not found',
  notACoach: 'Choose a coach from the list (an account with the coach role)',
  capacityBelowTaken: (taken: number) =>
    `${taken} ${taken === 1 ? 'seat is' : 'seats are'} taken: the capacity cannot be lower than ${taken}.`,
  programHasEnrollments: 'This program has enrollments, so it cannot be deleted. Unpublish it instead.',
  schoolHasPrograms: (count: number) =>
    `${count} ${count === 1 ? 'program runs' : 'programs run'} at this school: move or delete ${count === 1 ? 'it' : 'them'} first.`,
  offerHasRequests: (count: number) =>
    `${count} demo ${count === 1 ? 'request names' : 'requests name'} this offer, so it cannot be deleted. Hide it instead.`,
  imageRequired: 'Choose a JPEG or PNG picture',
  created: (what: string) => `${what} created`,
  saved: (what: string) => `${what} saved`,
  deleted: (what: string) => `${what} deleted`,
  published: 'Published: it shows on the public site now',
  unpublished: 'Unpublished: it no longer shows on the public site',
  offeredSeats: (n: number) => `${n} new ${n === 1 ? 'seat was' : 'seats were'} offered to the waitlist.`,
  reordered: 'Order saved',
} as const;

/** Limits a staff member will not reach by accident, and that keep bad data out. */
export const PROGRAM_LIMITS = {
  maxCapacity: 500,
  /** $10,000 in cents. */
  maxPriceCents: 1_000_000,
  maxActivities: 40,
  maxDescription: 20_000,
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime());

const longText = (message: string, max = MAX_LONG_TEXT) => requiredText(message, max);
/** An optional single line: '' and null both mean "none" and are stored as null. */
const nullableLine = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(max, `Must be at most ${max} characters`)
      .refine((v) => isCleanText(v, { lines: false }), 'Must not contain invalid characters')
      .nullable()
      .default(null),
  );
const nullableInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );

export const activityInputSchema = z.object({
  title: requiredText('Activity title is required', 120, { lines: false }),
  description: longText('Activity description is required', 2000),
});

/**
 * Everything the public program page shows, as staff set it. Schedule rules: at least one
 * weekday, the end after the start, the last date on or after the first, and at least one
 * session day in that range (sessionDates, the same math the public page counts with).
 */
export const programInputSchema = z
  .object({
    title: requiredText('Title is required', 120, { lines: false }),
    sport: requiredText('Activity is required', 60, { lines: false }),
    summary: requiredText('Summary is required', 300),
    description: longText('Description is required', PROGRAM_LIMITS.maxDescription),
    classType: classTypeSchema,
    locationType: locationTypeSchema,
    schoolId: z.preprocess((v) => (v === '' ? null : v), uuidParam.nullable().default(null)),
    venueName: nullableLine(),
    venueAddress: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z
        .string()
        .trim()
        .max(300, 'Must be at most 300 characters')
        .refine((v) => isCleanText(v), 'Must not contain invalid characters'),
    ),
    weekdays: z
      .array(
        z
          .number()
          .int()
          .min(1, 'Weekdays are 1 (Monday) to 7 (Sunday)')
          .max(7, 'Weekdays are 1 (Monday) to 7 (Sunday)'),
        {
          error: 'Choose at least one weekday',
        },
      )
      .min(1, 'Choose at least one weekday')
      .max(7, 'Choose at least one weekday')
      .refine((days) => new Set(days).size === days.length, 'Choose each weekday once')
      .transform((days) => [...days].sort((a, b) => a - b)),
    startTime: z.string({ error: 'Start time is required' }).regex(HHMM, 'Start time must be HH:MM (24-hour)'),
    endTime: z.string({ error: 'End time is required' }).regex(HHMM, 'End time must be HH:MM (24-hour)'),
    firstDate: z.string({ error: 'First date is required' }).refine(validDay, 'First date must be YYYY-MM-DD'),
    lastDate: z.string({ error: 'Last date is required' }).refine(validDay, 'Last date must be YYYY-MM-DD'),
    minAge: nullableInt(3, 18, 'Ages are 3 to 18'),
    maxAge: nullableInt(3, 18, 'Ages are 3 to 18'),
    minGrade: nullableInt(0, 12, 'Grades are K (0) to 12'),
    maxGrade: nullableInt(0, 12, 'Grades are K (0) to 12'),
    capacity: z
      .number({ error: 'Capacity is required' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(PROGRAM_LIMITS.maxCapacity, `Capacity must be at most ${PROGRAM_LIMITS.maxCapacity}`),
    priceCents: z
      .number({ error: 'Price is required' })
      .int('Price is in whole cents')
      .min(0, 'Price cannot be negative')
      .max(PROGRAM_LIMITS.maxPriceCents, 'Price must be at most $10,000'),
    coveredByMembership: z.boolean().default(true),
    coachId: z.preprocess((v) => (v === '' ? null : v), uuidParam.nullable().default(null)),
    imageAlt: nullableLine(200),
    activities: z
      .array(activityInputSchema)
      .max(PROGRAM_LIMITS.maxActivities, `At most ${PROGRAM_LIMITS.maxActivities} activities`)
      .default([]),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.endTime <= p.startTime) issue('endTime', 'End time must be after the start time');
    if (p.lastDate < p.firstDate) issue('lastDate', 'Last date must be on or after the first date');
    else if (p.weekdays.length && sessionDates(p).length === 0)
      issue('weekdays', 'No session falls on these weekdays between the first and last date');
    if (p.minAge !== null && p.maxAge !== null && p.minAge > p.maxAge)
      issue('maxAge', 'Maximum age is below the minimum');
    if (p.minGrade !== null && p.maxGrade !== null && p.minGrade > p.maxGrade)
      issue('maxGrade', 'Highest grade is below the lowest');
    if (p.locationType === 'at_my_school' && !p.schoolId) issue('schoolId', 'Choose the school this class runs at');
    if (!p.schoolId && !p.venueAddress) issue('venueAddress', 'Venue address is required without a school');
  });
export type ProgramInput = z.output<typeof programInputSchema>;
export type ProgramFormValues = z.input<typeof programInputSchema>;

export const PROGRAM_SORTS = ['title', 'firstDate', 'capacity', 'priceCents', 'createdAt'] as const;
export const adminProgramListQuery = adminListQuerySchema(PROGRAM_SORTS).extend({
  published: z.enum(['true', 'false'], { error: 'Published is true or false' }).optional(),
  schoolId: uuidParam.optional(),
});
export type AdminProgramListQuery = z.output<typeof adminProgramListQuery>;

export const adminProgramRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  sport: z.string(),
  schoolName: z.string().nullable(),
  firstDate: z.string(),
  lastDate: z.string(),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  waitlist: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  published: z.boolean(),
});
export type AdminProgramRow = z.infer<typeof adminProgramRowSchema>;
export const adminProgramPageSchema = adminPageSchema(adminProgramRowSchema);

/** One program as the edit form loads it, with its seat counts. */
export const adminProgramSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  sport: z.string(),
  summary: z.string(),
  description: z.string(),
  classType: classTypeSchema,
  locationType: locationTypeSchema,
  schoolId: z.string().nullable(),
  venueName: z.string().nullable(),
  venueAddress: z.string(),
  weekdays: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  minGrade: z.number().int().nullable(),
  maxGrade: z.number().int().nullable(),
  capacity: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  coveredByMembership: z.boolean(),
  coachId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  published: z.boolean(),
  activities: z.array(z.object({ id: z.string(), title: z.string(), description: z.string() })),
  seatsTaken: z.number().int(),
  waitlist: z.number().int(),
  /** Enrollments of any status: a program with any cannot be deleted. */
  enrollments: z.number().int(),
});
export type AdminProgram = z.infer<typeof adminProgramSchema>;

export const programIdParams = z.object({ id: uuidParam });
export const publishBody = z.object({ published: z.boolean({ error: 'Published must be true or false' }) });
/** The image form's text field; the picture itself is the multipart file `image`. */
export const programImageFields = z.object({ imageAlt: nullableLine(200) });

/** The people a program can name as its coach: accounts with the coach role. */
export const coachOptionSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type CoachOption = z.infer<typeof coachOptionSchema>;

// Schools.
export const schoolInputSchema = z.object({
  name: requiredText('School name is required', 120, { lines: false }),
  address: requiredText('School address is required', 200, { lines: false }),
  city: requiredText('City is required', 80, { lines: false }),
  postalCode: nullableLine(10),
  isPartner: z.boolean().default(true),
});
export type SchoolInput = z.output<typeof schoolInputSchema>;
export const SCHOOL_SORTS = ['name', 'city', 'createdAt'] as const;
export const adminSchoolListQuery = adminListQuerySchema(SCHOOL_SORTS);
export const adminSchoolSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string().nullable(),
  isPartner: z.boolean(),
  programs: z.number().int(),
});
export type AdminSchool = z.infer<typeof adminSchoolSchema>;
export const adminSchoolPageSchema = adminPageSchema(adminSchoolSchema);

// Coach profiles.
export const COACH_PROFILE_LIMITS = { bio: 2000, credentials: 10, credential: 120 } as const;
export const coachProfileInputSchema = z.object({
  bio: z
    .string()
    .trim()
    .max(COACH_PROFILE_LIMITS.bio, `Bio must be at most ${COACH_PROFILE_LIMITS.bio} characters`)
    .refine((v) => isCleanText(v), 'Must not contain invalid characters')
    .default(''),
  credentials: z
    .array(requiredText('A credential cannot be empty', COACH_PROFILE_LIMITS.credential, { lines: false }))
    .max(COACH_PROFILE_LIMITS.credentials, `At most ${COACH_PROFILE_LIMITS.credentials} credentials`)
    .default([]),
});
export type CoachProfileInput = z.output<typeof coachProfileInputSchema>;
export const COACH_SORTS = ['name', 'email'] as const;
export const adminCoachListQuery = adminListQuerySchema(COACH_SORTS);
export const adminCoachSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  credentials: z.array(z.string()),
  photoUrl: z.string().nullable(),
  programs: z.number().int(),
});
export type AdminCoach = z.infer<typeof adminCoachSchema>;
export const adminCoachPageSchema = adminPageSchema(adminCoachSchema);
export const coachIdParams = z.object({ id: uuidParam });

// Testimonials and offers: the order staff set is the order the public site shows.
/** Moves one row a place up or down in the public order (staff reorder with arrows, page by page). */
export const moveBody = z.object({ direction: z.enum(['up', 'down'], { error: 'Direction is up or down' }) });
export type MoveDirection = z.infer<typeof moveBody>['direction'];
export const idParams = z.object({ id: uuidParam });

export const testimonialInputSchema = z.object({
  authorName: requiredText('Name is required', 80, { lines: false }),
  authorRole: requiredText('Role is required (for example "Parent of two")', 120, { lines: false }),
  quote: longText('Quote is required', 1000),
  rating: z
    .number({ error: 'Rating is 1 to 5' })
    .int('Rating is 1 to 5')
    .min(1, 'Rating is 1 to 5')
    .max(5, 'Rating is 1 to 5'),
  published: z.boolean().default(true),
});
export type TestimonialInput = z.output<typeof testimonialInputSchema>;
// Answers are plain shapes: the response serializer encodes, and input preprocessing cannot run backwards.
export const adminTestimonialSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  authorRole: z.string(),
  quote: z.string(),
  rating: z.number().int(),
  published: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export const ORDERED_SORTS = ['sortOrder'] as const;
export const adminOrderedListQuery = adminListQuerySchema(ORDERED_SORTS);
export const adminTestimonialPageSchema = adminPageSchema(adminTestimonialSchema);

export const offerInputSchema = z.object({
  title: requiredText('Title is required', 120, { lines: false }),
  description: longText('Description is required', 1000),
  badge: nullableLine(40),
  validUntil: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().refine(validDay, 'Valid until must be YYYY-MM-DD').nullable(),
  ),
  action: z.enum(OFFER_ACTIONS, { error: 'Choose what the offer button does' }),
  published: z.boolean().default(true),
});
export type OfferInput = z.output<typeof offerInputSchema>;
export const adminOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  badge: z.string().nullable(),
  validUntil: z.string().nullable(),
  action: z.enum(OFFER_ACTIONS),
  published: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;
export const adminOfferPageSchema = adminPageSchema(adminOfferSchema);
