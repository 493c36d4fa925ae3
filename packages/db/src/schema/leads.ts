import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, date, integer, pgEnum, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { LEAD_STATUSES } from '@kikstart/contract/lead-status';
import { users } from './users.ts';
import { offers } from './content.ts';

/** Shared columns of every lead: when it came and from where (for spam review). */
const received = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip'),
};

export const leadStatusEnum = pgEnum('lead_status', LEAD_STATUSES);

/** The staff member working the lead (the inbox's owner); the lead stays when they leave. */
const ownerId = () => uuid('owner_id').references(() => users.id, { onDelete: 'set null' });

export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id').references(() => offers.id),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    schoolName: text('school_name').notNull(),
    schoolAddress: text('school_address').notNull(),
    date: date('date').notNull(),
    time: text('time').notNull(),
    status: leadStatusEnum('status').notNull().default('new'),
    ownerId: ownerId(),
    ...received,
  },
  (t) => [index('demo_requests_created_idx').on(t.createdAt)],
);

export const callBookings = pgTable('call_bookings', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  phone: text('phone').notNull(),
  schoolName: text('school_name').notNull(),
  notes: text('notes').notNull(),
  bestTimeToCall: text('best_time_to_call').notNull(),
  status: leadStatusEnum('status').notNull().default('new'),
  ownerId: ownerId(),
  ...received,
});

export const enquiryKindEnum = pgEnum('enquiry_kind', ['enquiry', 'contact']);

/** General enquiries and the contact form share one shape. */
export const enquiries = pgTable('enquiries', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: enquiryKindEnum('kind').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  status: leadStatusEnum('status').notNull().default('new'),
  ownerId: ownerId(),
  ...received,
});

/** "Bring the programs to my school". */
export const schoolRequests = pgTable('school_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  schoolName: text('school_name').notNull(),
  contactName: text('contact_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  status: leadStatusEnum('status').notNull().default('new'),
  ownerId: ownerId(),
  ...received,
});

/**
 * A coach application. The CV columns are null when no CV was kept: the CV quota was full when
 * the application came, or the retention job deleted the file (`cv_deleted_at`). Unreviewed
 * means status `new`; `hired_at` is set by staff and exempts the CV from the retention job;
 * `rejected_at` is set by staff and makes the job delete the CV at its next run.
 */
export const coachApplications = pgTable(
  'coach_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    experience: text('experience').notNull(),
    sports: text('sports').notNull(),
    cvPath: text('cv_path'),
    cvOriginalName: text('cv_original_name'),
    cvMimeType: text('cv_mime_type'),
    /** Bytes of the stored CV, summed against the quota for unreviewed applications. */
    cvSizeBytes: integer('cv_size_bytes'),
    cvDeletedAt: timestamp('cv_deleted_at', { withTimezone: true }),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    status: leadStatusEnum('status').notNull().default('new'),
    ownerId: ownerId(),
    ...received,
  },
  (t) => [
    index('coach_applications_cv_idx')
      .on(t.createdAt)
      .where(sql`${t.cvPath} is not null`),
  ],
);

export const coachRoleRequestStatusEnum = pgEnum('coach_role_request_status', ['pending', 'approved', 'declined']);

/** A signed-in user asking to be made a coach (`user/coach/request`). */
export const coachRoleRequests = pgTable(
  'coach_role_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The staff decision; `leadStatus` is where the inbox is with it, like every other lead. */
    status: coachRoleRequestStatusEnum('status').notNull().default('pending'),
    leadStatus: leadStatusEnum('lead_status').notNull().default('new'),
    ownerId: ownerId(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Sent to the requester with the decline. */
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coach_role_requests_user_idx').on(t.userId)],
);

/**
 * Staff notes on a lead, oldest first in the inbox. One nullable column per lead table, exactly
 * one set, so a note goes when its lead goes (a coach request is deleted with its account).
 */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    demoRequestId: uuid('demo_request_id').references(() => demoRequests.id, { onDelete: 'cascade' }),
    callBookingId: uuid('call_booking_id').references(() => callBookings.id, { onDelete: 'cascade' }),
    enquiryId: uuid('enquiry_id').references(() => enquiries.id, { onDelete: 'cascade' }),
    schoolRequestId: uuid('school_request_id').references(() => schoolRequests.id, { onDelete: 'cascade' }),
    coachApplicationId: uuid('coach_application_id').references(() => coachApplications.id, { onDelete: 'cascade' }),
    coachRoleRequestId: uuid('coach_role_request_id').references(() => coachRoleRequests.id, {
      onDelete: 'cascade',
    }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'lead_notes_one_lead',
      sql`num_nonnulls(${t.demoRequestId}, ${t.callBookingId}, ${t.enquiryId}, ${t.schoolRequestId}, ${t.coachApplicationId}, ${t.coachRoleRequestId}) = 1`,
    ),
    index('lead_notes_demo_request_idx').on(t.demoRequestId),
    index('lead_notes_call_booking_idx').on(t.callBookingId),
    index('lead_notes_enquiry_idx').on(t.enquiryId),
    index('lead_notes_school_request_idx').on(t.schoolRequestId),
    index('lead_notes_coach_application_idx').on(t.coachApplicationId),
    index('lead_notes_coach_role_request_idx').on(t.coachRoleRequestId),
  ],
);

export const newsletterStatusEnum = pgEnum('newsletter_status', ['pending', 'confirmed', 'unsubscribed']);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    status: newsletterStatusEnum('status').notNull().default('pending'),
    /** Secret used in every newsletter's unsubscribe link; random, never derived from the email. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    ...received,
  },
  (t) => [
    uniqueIndex('newsletter_email_unique').on(t.email),
    uniqueIndex('newsletter_unsubscribe_unique').on(t.unsubscribeToken),
  ],
);
