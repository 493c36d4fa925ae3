import { z } from 'zod';
import { INVALID_CHARACTERS, MAX_SHORT_TEXT, isCleanText, pageQuery, uuidParam } from './common.ts';
import { programSummarySchema } from './programs.ts';
import { ENROLLMENT_STATUSES } from './enrollment-status.ts';

/** A pending payment holds the seat this long; a waitlist offer lasts this long. */
export const HOLD_MINUTES = 30;
export const OFFER_HOURS = 24;
/**
 * Unpaid seat holds (pending payment) a family may have at once, across every program; a
 * waitlist place is not a hold, an accepted offer is. Keeps one account from holding a whole
 * program (or every program) without paying.
 */
export const MAX_UNPAID_HOLDS = 3;
/** The family is mailed this long before a hold lapses (once per hold), and again when it lapses. */
export const HOLD_REMINDER_MINUTES = 10;

export const ENROLLMENT_MESSAGES = {
  notFound: 'Enrollment not found',
  full: 'This program is full. You can join the waitlist.',
  alreadyEnrolled: 'This child is already enrolled in this program',
  notOpen: 'This program is not open for enrollment',
  waiverChanged: 'The waiver has changed; please read it again',
  waiverName: 'Type your full name to sign the waiver',
  waiverAccepted: 'Please accept the waiver',
  waiverVersion: 'The waiver has changed; please read it again',
  dropReason: 'Please tell us why',
  alreadyEnded: 'This enrollment has already ended',
  noOffer: 'There is no open seat offer for this enrollment',
  offerExpired: 'This offer has expired',
  created: 'Seat reserved. Complete payment within 30 minutes to confirm it.',
  /** A covered child's seat in a covered program is confirmed at once: nothing to pay, so no 30-minute hold. */
  coveredByPlan: 'Enrolled, covered by your membership. There is nothing to pay.',
  waitlisted: 'Added to the waitlist',
  dropped: 'Dropped out of the program',
  offerAccepted: 'Seat accepted. Complete payment within 30 minutes to confirm it.',
  offerDeclined: 'Offer declined',
  /** 403: holding a seat needs a confirmed email address (joining a waitlist does not). */
  emailUnverified:
    'Please confirm your email address before holding a seat: open the link we emailed you when you signed up.',
  /** 409 with `errors.holds`: the family is at MAX_UNPAID_HOLDS. */
  holdLimit: `Your family already has ${MAX_UNPAID_HOLDS} seats waiting for payment, the most at one time. Drop one you no longer need, or wait until one is paid or its hold ends, then try again.`,
} as const;

export const enrollmentCreateSchema = z.object({
  childId: uuidParam,
  programId: uuidParam,
  waiverName: z
    .string({ error: ENROLLMENT_MESSAGES.waiverName })
    .trim()
    .min(2, ENROLLMENT_MESSAGES.waiverName)
    .max(MAX_SHORT_TEXT, `Must be at most ${MAX_SHORT_TEXT} characters`)
    .refine((v) => isCleanText(v, { lines: false }), INVALID_CHARACTERS),
  waiverAccepted: z.literal(true, { error: ENROLLMENT_MESSAGES.waiverAccepted }),
  /** The `version` of GET /cms/waiver-data that the guardian read. */
  waiverVersion: z
    .number({ error: ENROLLMENT_MESSAGES.waiverVersion })
    .int(ENROLLMENT_MESSAGES.waiverVersion)
    .min(1, ENROLLMENT_MESSAGES.waiverVersion)
    .max(1_000_000, ENROLLMENT_MESSAGES.waiverVersion),
  /** Go ahead despite a schedule clash warning. */
  acknowledgeClash: z.boolean({ error: 'Must be true or false' }).optional().default(false),
  /** When the program is full, join its waitlist instead of failing. */
  joinWaitlist: z.boolean({ error: 'Must be true or false' }).optional().default(false),
});
export type EnrollmentCreateInput = z.output<typeof enrollmentCreateSchema>;
/** What a client sends to POST /enrollments/create (defaults not yet applied). */
export type EnrollmentCreateBody = z.input<typeof enrollmentCreateSchema>;

export const enrollmentIdBody = z.object({ enrollmentId: uuidParam });

export const dropOutSchema = z.object({
  enrollmentId: uuidParam,
  reason: z
    .string({ error: ENROLLMENT_MESSAGES.dropReason })
    .trim()
    .min(1, ENROLLMENT_MESSAGES.dropReason)
    .max(1000, 'Must be at most 1000 characters'),
});

export const enrollmentListQuery = pageQuery.extend({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ENROLLMENT_STATUSES, { error: 'Unknown status' }).optional(),
  ),
  limit: z.coerce
    .number({ error: 'Limit must be 1 to 50' })
    .int()
    .min(1, 'Limit must be 1 to 50')
    .max(50, 'Limit must be 1 to 50')
    .default(20),
});

export const childProgramListQuery = z.object({ childId: uuidParam });
export const checkEnrollmentQuery = z.object({ childId: uuidParam, programId: uuidParam });

export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES);

export const enrollmentSchema = z.object({
  id: z.string(),
  status: enrollmentStatusSchema,
  statusLabel: z.string(),
  child: z.object({ id: z.string(), name: z.string() }),
  program: programSummarySchema.pick({
    id: true,
    title: true,
    classType: true,
    locationType: true,
    schoolName: true,
    venueName: true,
    venueAddress: true,
    weekdays: true,
    startTime: true,
    endTime: true,
    firstDate: true,
    lastDate: true,
  }),
  priceCents: z.number().int(),
  currency: z.string(),
  coveredByMembership: z.boolean(),
  waiver: z.object({ name: z.string(), signedAt: z.string(), version: z.number().int() }),
  /** 1-based place in the queue while waitlisted. */
  waitlistPosition: z.number().int().nullable(),
  holdExpiresAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  dropReason: z.string().nullable(),
  droppedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

/** What GET /children/check-program-enrollment answers. */
export const enrollmentCheckSchema = z.object({
  /** enrolled = confirmed; pending_payment, offered and waitlisted are live enrollments. */
  state: z.enum(['enrolled', 'pending_payment', 'offered', 'waitlisted', 'eligible', 'full', 'ineligible']),
  enrollmentId: z.string().nullable(),
  waitlistPosition: z.number().int().nullable(),
  seatsLeft: z.number().int(),
  canEnroll: z.boolean(),
  canJoinWaitlist: z.boolean(),
  /** Why not, in words for the parent (age/grade range, program closed). */
  reasons: z.array(z.string()),
  /** A schedule clash warning, if any; enrolling then needs acknowledgeClash. */
  clash: z.string().nullable(),
  /** The family's membership covers this child in this program: enrolling confirms with no payment. */
  coveredByPlan: z.boolean(),
});
export type EnrollmentCheck = z.infer<typeof enrollmentCheckSchema>;
