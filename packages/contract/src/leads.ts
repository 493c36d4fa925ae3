import { z } from 'zod';
import { phoneField, requiredText, optionalText, MAX_LONG_TEXT } from './common.ts';

/** The fixed hourly list of time slots (spec §2). */
export const TIME_SLOTS = ['10 am', '11 am', '12 pm', '1 pm', '2 pm', '3 pm', '4 pm', '5 pm', '6 pm'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

/** The radio group's initial value (spec §2): matches no slot, so nothing is pre-selected. */
export const TIME_SLOT_DEFAULT = 'first';

export const DEMO_MESSAGES = {
  fullName: 'Full name is required',
  phone: 'Phone is required',
  schoolName: 'School name is required',
  schoolAddress: 'School address is required',
  date: 'Date is required',
  datePast: 'Date cannot be in the past',
  time: 'Time is required',
  notes: 'Notes is required',
} as const;

export const DEMO_MODAL_TITLE = 'Request A Free Demo';
export const DEMO_MODAL_TEXT = 'Request a free demo today to experience the full features and benefits!';

/** YYYY-MM-DD of a date in the local calendar of whoever runs this. */
export const toIsoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The server does not know the visitor's time zone, so "today" on the server is the earliest
 * calendar day still in progress anywhere (UTC-12). A visitor's own today is never rejected;
 * the browser applies the strict local rule.
 */
export const earliestTodayAnywhere = (now: Date = new Date()) =>
  new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);

/**
 * A day not earlier than the start of today. `today` is injectable so the server and tests
 * decide what "today" is; the default is the local calendar day.
 */
export const futureDayField = (today: () => string = () => toIsoDay(new Date())) =>
  z
    .string({ error: DEMO_MESSAGES.date })
    .trim()
    .min(1, DEMO_MESSAGES.date)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Date must be a real calendar day')
    .refine((v) => v >= today(), DEMO_MESSAGES.datePast);

const timeSlotField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => (TIME_SLOTS as readonly string[]).includes(v), message);

export const demoRequestSchema = (today?: () => string) =>
  z.object({
    offerId: z.string().trim().max(64).optional().or(z.literal('').transform(() => undefined)),
    fullName: requiredText(DEMO_MESSAGES.fullName),
    phone: phoneField(DEMO_MESSAGES.phone),
    schoolName: requiredText(DEMO_MESSAGES.schoolName),
    schoolAddress: requiredText(DEMO_MESSAGES.schoolAddress, 500),
    date: futureDayField(today),
    time: timeSlotField(DEMO_MESSAGES.time),
    /** Honeypot: people leave it empty; bots fill it. */
    website: optionalText(),
  });
export type DemoRequestInput = z.input<ReturnType<typeof demoRequestSchema>>;

export const callBookingSchema = z.object({
  fullName: requiredText(DEMO_MESSAGES.fullName),
  phone: phoneField(DEMO_MESSAGES.phone),
  schoolName: requiredText(DEMO_MESSAGES.schoolName),
  notes: requiredText(DEMO_MESSAGES.notes, MAX_LONG_TEXT),
  bestTimeToCall: timeSlotField(DEMO_MESSAGES.time),
  website: optionalText(),
});
export type CallBookingInput = z.input<typeof callBookingSchema>;
