import { z } from 'zod';
import { ATTENDANCE_STATUSES, PICKUP_KINDS } from './attendance.ts';
import { optionalText, requiredText, uuidParam } from './common.ts';
import { personViewSchema } from './children.ts';
import { PROGRAM_TIME_ZONE } from './schedule.ts';
import { adminCoachSchema } from './admin-catalog.ts';

/**
 * The coach portal (issue 16): a coach's programs, their sessions, a session's roster with the
 * medical and pickup details a coach needs at the field, attendance and pickups. Admins read
 * every program's; a coach only the programs they coach.
 */

export const COACH_MESSAGES = {
  /** Also the answer for a program someone else coaches: its existence is not the coach's business. */
  programNotFound: 'Program not found',
  sessionNotFound: 'There is no session of this program on that day',
  childNotOnRoster: 'This child is not on the roster of this session',
  pickupNotAllowed:
    'This person is not on the child’s pickup list. The pickup was not recorded, and the office can see the attempt.',
  pickupWhileAbsent: 'This child is marked absent. Mark them present or late before recording a pickup.',
  sessionNotStarted: 'Attendance opens on the day of the session',
  pickupInFuture: 'The pickup time cannot be in the future',
  pickupBeforeSession: 'The pickup time must be on the day of the session',
  attendanceSaved: 'Attendance saved',
  pickupSaved: 'Pickup recorded',
  skipped: 'Session skipped',
  unskipped: 'Session restored',
  alreadySkipped: 'That day is already skipped',
  notSkipped: 'That day is not skipped',
  statusRequired: 'Choose present, absent or late',
  personRequired: 'Choose who is picking the child up',
  reasonRequired: 'Reason is required',
  dateRequired: 'Date is required',
} as const;

export const MAX_ATTENDANCE_NOTE = 500;

/** A session day in the URL or a form: a real calendar day, YYYY-MM-DD. */
export const sessionDayField = z
  .string({ error: COACH_MESSAGES.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'Date must be a real calendar day',
    },
  );

export const coachProgramParams = z.object({ programId: uuidParam });
export const coachSessionParams = coachProgramParams.extend({ date: sessionDayField });
export const coachChildParams = coachSessionParams.extend({ childId: uuidParam });

export const coachProgramSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** 'Mondays and Wednesdays 3:15 pm–4:15 pm'. */
  schedule: z.string(),
  venue: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  /** Today's date when the program has a session today, else null. */
  todaySession: z.string().nullable(),
  /** The next session after today, or null when the season is over. */
  nextSession: z.string().nullable(),
  /** Children attending (enrolled or holding a seat). */
  rosterCount: z.number(),
  /** Shown on the public site (its page carries the coach's profile); unpublished ones are staff-only. */
  published: z.boolean(),
});
export type CoachProgram = z.infer<typeof coachProgramSchema>;

export const SESSION_WHEN = ['today', 'upcoming', 'past'] as const;
export type SessionWhen = (typeof SESSION_WHEN)[number];

export const coachSessionsSchema = z.object({
  program: coachProgramSchema,
  /** Today's first, then upcoming (soonest first), then past (latest first); skipped days left out. */
  sessions: z.array(z.object({ date: z.string(), when: z.enum(SESSION_WHEN) })),
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
});
export type CoachSessions = z.infer<typeof coachSessionsSchema>;

/** Someone who may collect a child: `id` is what a pickup names (see the API's pickup rule). */
export const pickupOptionSchema = personViewSchema.extend({ id: z.string(), kind: z.enum(PICKUP_KINDS) });
export type PickupOption = z.infer<typeof pickupOptionSchema>;

export const attendanceRecordSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES),
  note: z.string().nullable(),
  pickedUpBy: z.object({ name: z.string(), relation: z.string() }).nullable(),
  /** ISO 8601. */
  pickedUpAt: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

export const rosterChildSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gradeLabel: z.string(),
  age: z.number(),
  hasAllergies: z.boolean(),
  allergyDetails: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  emergencyContacts: z.array(personViewSchema),
  /** Guardians first, then the family's authorized pickup people. */
  pickupList: z.array(pickupOptionSchema),
  photoConsent: z.boolean(),
  attendance: attendanceRecordSchema.nullable(),
});
export type RosterChild = z.infer<typeof rosterChildSchema>;

export const rosterSchema = z.object({
  program: coachProgramSchema.pick({ id: true, title: true, schedule: true, venue: true }),
  date: z.string(),
  when: z.enum(SESSION_WHEN),
  children: z.array(rosterChildSchema),
});
export type Roster = z.infer<typeof rosterSchema>;

export const attendanceInputSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES, { error: COACH_MESSAGES.statusRequired }),
  note: optionalText(MAX_ATTENDANCE_NOTE),
});
export type AttendanceInput = z.output<typeof attendanceInputSchema>;

export const pickupInputSchema = z.object({
  /** A guardian's account id or a pickup person's id, from the roster's pickupList. */
  personId: requiredText(COACH_MESSAGES.personRequired, 100, { lines: false }),
  /** ISO 8601 with an offset; now when left out. */
  at: z.iso.datetime({ offset: true, error: 'Time must be an ISO 8601 date and time' }).optional(),
});
export type PickupInput = z.output<typeof pickupInputSchema>;

/** data of GET /children/:childId/attendance: what a parent sees of their child's sessions. */
export const childAttendanceSchema = z.array(
  z.object({
    programId: z.string(),
    programTitle: z.string(),
    date: z.string(),
    status: z.enum(ATTENDANCE_STATUSES),
    pickedUpBy: z.object({ name: z.string(), relation: z.string() }).nullable(),
    pickedUpAt: z.string().nullable(),
  }),
);
export type ChildAttendance = z.infer<typeof childAttendanceSchema>;

export const skippedDateInputSchema = z.object({
  date: sessionDayField,
  reason: requiredText(COACH_MESSAGES.reasonRequired, 200, { lines: false }),
});
export const skippedDateSchema = z.object({ date: z.string(), reason: z.string() });
export type SkippedDate = z.infer<typeof skippedDateSchema>;
export const skippedDateParams = coachProgramParams.extend({ date: sessionDayField });

/** data of GET /admin/pickup-refusals: the attempts the admin follows up. */
export const pickupRefusalSchema = z.object({
  id: z.string(),
  at: z.string(),
  date: z.string(),
  programId: z.string(),
  programTitle: z.string(),
  childId: z.string(),
  childName: z.string(),
  personId: z.string(),
  recordedBy: z.string(),
  recordedByName: z.string(),
});
export type PickupRefusal = z.infer<typeof pickupRefusalSchema>;

/**
 * data of GET /coach/profile: the coach's own public profile, the same record (and the same
 * input rules, `coachProfileInputSchema` in admin-catalog.ts) as the staff console's coach form.
 */
export const coachProfileSchema = adminCoachSchema;
export type CoachProfile = z.infer<typeof coachProfileSchema>;

/** What the pickup dialog sends for "someone not on this list": always refused, and the attempt kept. */
export const UNLISTED_PICKUP_ID = 'not-on-the-list';

const WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: PROGRAM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function wallParts(instant: Date) {
  const parts = Object.fromEntries(WALL_CLOCK.formatToParts(instant).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The wall-clock time (HH:MM) where the programs run, at `instant`: a pickup's time as the coach saw it. */
export const programWallTime = (instant: Date) => wallParts(instant).time;

/**
 * The instant of `hhmm` on `day` where the programs run, whatever zone the phone is in: the
 * pickup dialog's time field is the field's wall clock. Two passes settle daylight-saving days.
 */
export function programInstant(day: string, hhmm: string): Date {
  const target = Date.parse(`${day}T${hhmm}:00Z`);
  let guess = target;
  for (let i = 0; i < 2; i++) {
    const seen = wallParts(new Date(guess));
    guess += target - Date.parse(`${seen.day}T${seen.time}:00Z`);
  }
  return new Date(guess);
}
