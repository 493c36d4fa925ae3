import { z } from 'zod';
import { emailField, phoneField, requiredText, optionalText, MAX_LONG_TEXT } from './common.ts';
import { PHONE_MESSAGES, nationalDigits, phoneProblem } from './phone.ts';
import { programToday } from './schedule.ts';

export { INVALID_CHARACTERS } from './common.ts';

/** Honeypot `website`: people leave it empty; bots fill it. A filled one gets a silent fake success. */
const honeypot = optionalText();

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
  timeSlot: 'Choose one of the times',
  notes: 'Notes is required',
  dateTooLate: 'Date must be before the year 2100',
  offerUnavailable: 'This offer is no longer available',
} as const;

/** The date picker's default range ends here (spec §5); the server holds to it too. */
export const LATEST_DAY = '2099-12-31';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Optional: the offer's `_id` from the demo details. Absent, null or empty means no offer;
 * anything else must look like an offer id (the server then checks that the offer is live).
 */
const offerIdField = z
  .union([z.string().trim().max(64, DEMO_MESSAGES.offerUnavailable), z.null()], {
    error: DEMO_MESSAGES.offerUnavailable,
  })
  .optional()
  .refine((v) => !v || UUID_PATTERN.test(v), DEMO_MESSAGES.offerUnavailable)
  .transform((v) => (v ? v.toLowerCase() : undefined));

export const DEMO_MODAL_TITLE = 'Request A Free Demo';
export const DEMO_MODAL_TEXT = 'Request a free demo today to experience the full features and benefits!';

/**
 * A day not earlier than the start of today, where "today" is today in PROGRAM_TIME_ZONE (the
 * demo happens at a school there), so the date picker and the server agree whatever zone the
 * visitor or the server is in. `today` is injectable: the server passes its clock's today.
 */
export const futureDayField = (today: () => string = () => programToday(new Date())) =>
  z
    .string({ error: DEMO_MESSAGES.date })
    .trim()
    .min(1, DEMO_MESSAGES.date)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'Date must be a real calendar day',
    )
    .refine((v) => v >= today(), DEMO_MESSAGES.datePast)
    .refine((v) => v <= LATEST_DAY, DEMO_MESSAGES.dateTooLate);

/**
 * One of the fixed slots. Nothing chosen (empty, or the radio group's 'first') is "Time is
 * required"; any other value is a slot that does not exist, so it asks for one of the times.
 */
const timeSlotField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '' || v === TIME_SLOT_DEFAULT) ctx.addIssue({ code: 'custom', message: required });
      else if (!(TIME_SLOTS as readonly string[]).includes(v))
        ctx.addIssue({ code: 'custom', message: DEMO_MESSAGES.timeSlot });
    });

export const demoRequestSchema = (today?: () => string) =>
  z.object({
    offerId: offerIdField,
    fullName: requiredText(DEMO_MESSAGES.fullName),
    phone: phoneField(DEMO_MESSAGES.phone),
    schoolName: requiredText(DEMO_MESSAGES.schoolName),
    schoolAddress: requiredText(DEMO_MESSAGES.schoolAddress, 500),
    date: futureDayField(today),
    time: timeSlotField(DEMO_MESSAGES.time),
    website: honeypot,
  });
export type DemoRequestInput = z.input<ReturnType<typeof demoRequestSchema>>;

export const callBookingSchema = z.object({
  fullName: requiredText(DEMO_MESSAGES.fullName),
  phone: phoneField(DEMO_MESSAGES.phone),
  schoolName: requiredText(DEMO_MESSAGES.schoolName),
  notes: requiredText(DEMO_MESSAGES.notes, MAX_LONG_TEXT),
  bestTimeToCall: timeSlotField(DEMO_MESSAGES.time),
  website: honeypot,
});
export type CallBookingInput = z.input<typeof callBookingSchema>;

/** Messages of the other lead forms; the web forms and the server share them. */
export const LEAD_MESSAGES = {
  name: 'Name is required',
  subject: 'Subject is required',
  message: 'Message is required',
  schoolName: DEMO_MESSAGES.schoolName,
  contactName: 'Contact person is required',
  phone: DEMO_MESSAGES.phone,
  experience: 'Experience is required',
  sports: 'Sports are required',
  cv: 'Please attach your CV',
  newsletterToken: 'This link is missing its token',
} as const;

/** What the server answers on success; the web app shows the server's message as the toast. */
export const LEAD_SUCCESS = {
  demo: 'Thank you! Your free demo request has been received. We will contact you shortly to confirm the details.',
  callBooking: 'Thank you! Your call is booked. We will call you at your chosen time.',
  enquiry: 'Thank you for your question! We have emailed you a confirmation and will reply within 1-2 business days.',
  contact: 'Thank you for contacting us! We have emailed you a confirmation and will reply within 1-2 business days.',
  schoolRequest: 'Thank you! We have received your request to bring KikStart to your school and will be in touch soon.',
  coachApplication:
    'Thank you for applying to coach with KikStart! We will review your application and get back to you.',
  /** The CV store for unreviewed applications was full: the application was kept, the CV was not. */
  coachApplicationWithoutCv:
    'Thank you for applying to coach with KikStart! We received your application, but we could not keep your CV right now. We will review your application and ask you for your CV by email if we need it.',
  coachRoleRequest:
    'Thank you! Your request to become a coach has been sent. We will let you know once it has been reviewed.',
  newsletterAdd: 'Thank you! Please check your inbox and click the link in our email to confirm your subscription.',
  newsletterConfirm: 'Thank you! Your newsletter subscription is confirmed.',
  /** The confirmation link opened again (a reload, a second click, a mail scanner got there first). */
  newsletterAlreadyConfirmed: 'Your newsletter subscription is already confirmed. There is nothing more to do.',
  newsletterUnsubscribe: 'You have been unsubscribed and will not receive our newsletter any more.',
} as const;

/** Optional phone: empty or missing is fine; anything else follows the phone rule (phone.ts). */
const optionalPhoneField = z
  .union([z.string().max(40, PHONE_MESSAGES.digits), z.null()], { error: PHONE_MESSAGES.digits })
  .optional()
  .transform((v) => (v ? nationalDigits(v) : ''))
  .superRefine((digits, ctx) => {
    const problem = digits ? phoneProblem(digits) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v || undefined);

/** The free-text message and the honeypot that end the inquiry and school request forms. */
const messageAndHoneypot = {
  message: requiredText(LEAD_MESSAGES.message, MAX_LONG_TEXT),
  website: honeypot,
};

/** Enquiry (`enquiry/create`) and contact form (`contact-us/submit`): the same fields. */
export const enquirySchema = z.object({
  name: requiredText(LEAD_MESSAGES.name),
  email: emailField,
  phone: optionalPhoneField,
  subject: requiredText(LEAD_MESSAGES.subject),
  ...messageAndHoneypot,
});
export type EnquiryInput = z.input<typeof enquirySchema>;

/** How to reach someone who must leave both an email and a phone number, and the honeypot. */
const reachableBy = {
  email: emailField,
  phone: phoneField(LEAD_MESSAGES.phone),
  website: honeypot,
};

/** "Bring the programs to my school". */
export const schoolRequestSchema = z.object({
  schoolName: requiredText(LEAD_MESSAGES.schoolName),
  contactName: requiredText(LEAD_MESSAGES.contactName),
  email: emailField,
  phone: phoneField(LEAD_MESSAGES.phone),
  ...messageAndHoneypot,
});
export type SchoolRequestInput = z.input<typeof schoolRequestSchema>;

/** Become a coach: the text fields of the multipart form; the CV comes as the file field `cv`. */
export const coachApplicationSchema = z.object({
  name: requiredText(LEAD_MESSAGES.name),
  experience: requiredText(LEAD_MESSAGES.experience, MAX_LONG_TEXT),
  sports: requiredText(LEAD_MESSAGES.sports, 500),
  ...reachableBy,
});
export type CoachApplicationInput = z.input<typeof coachApplicationSchema>;
/** The multipart field that carries the CV file. */
export const CV_FIELD = 'cv';

/** A signed-in user asks for the coach role. */
export const coachRoleRequestSchema = z.object({
  message: requiredText(LEAD_MESSAGES.message, MAX_LONG_TEXT),
});
export type CoachRoleRequestInput = z.input<typeof coachRoleRequestSchema>;

export const newsletterSignupSchema = z.object({
  email: emailField,
  website: honeypot,
});
export type NewsletterSignupInput = z.input<typeof newsletterSignupSchema>;

/** Confirm and unsubscribe links carry one token each. */
export const newsletterTokenSchema = z.object({
  token: requiredText(LEAD_MESSAGES.newsletterToken),
});

/** What a successful lead write returns. */
export const leadReceiptSchema = z.object({ id: z.string() });
export type LeadReceipt = z.infer<typeof leadReceiptSchema>;

/** What become-a-coach/submit answers: `cvKept` is false when the CV quota was full. */
export const coachApplicationReceiptSchema = leadReceiptSchema.extend({ cvKept: z.boolean() });
export type CoachApplicationReceipt = z.infer<typeof coachApplicationReceiptSchema>;

/** data of the newsletter sign-up, confirm and unsubscribe answers. */
export const newsletterResultSchema = z.object({ email: z.string() });
export type NewsletterResult = z.infer<typeof newsletterResultSchema>;
