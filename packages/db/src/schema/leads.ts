import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, date, integer, pgEnum, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { offers } from './content.ts';

/** Shared columns of every lead: when it came and from where (for spam review). */
const received = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip'),
};

export const leadStatusEnum = pgEnum('lead_status', ['new', 'contacted', 'closed']);

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
  ...received,
});

/**
 * A coach application. The CV columns are null when no CV was kept: the CV quota was full when
 * the application came, or the retention job deleted the file (`cv_deleted_at`). Unreviewed
 * means status `new`; `hired_at` is set by staff and exempts the CV from the retention job.
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
    status: leadStatusEnum('status').notNull().default('new'),
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
    status: coachRoleRequestStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coach_role_requests_user_idx').on(t.userId)],
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
