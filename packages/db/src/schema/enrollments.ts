import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, integer, pgEnum, boolean, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { families, users } from './users.ts';
import { children } from './family.ts';
import { programs } from './catalog.ts';
import { subscriptions } from './memberships.ts';
import {
  ENROLLMENT_STATUSES,
  LIVE_STATUSES,
  UNPAID_HOLD_STATUS,
  WAITLIST_STATUS,
  statusListSql,
} from '@kikstart/contract/enrollment-status';

/** The statuses and their meaning live in the contract (enrollment-status.ts). */
export const enrollmentStatusEnum = pgEnum('enrollment_status', ENROLLMENT_STATUSES);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    status: enrollmentStatusEnum('status').notNull(),
    /** The guardian who enrolled (signed the waiver). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Price and membership cover as shown at review time; the payment uses these. */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    coveredByMembership: boolean('covered_by_membership').notNull(),
    /** The membership that pays for this seat (confirmed with no payment); null for paid seats. */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /**
     * The membership that stopped covering this seat (decision 0034): attaching the child to it
     * again does not cover the seat again; it is paid for or released.
     */
    uncoveredSubscriptionId: uuid('uncovered_subscription_id'),
    /** Waiver signature for this program's season (its first to last date). */
    waiverName: text('waiver_name').notNull(),
    waiverSignedAt: timestamp('waiver_signed_at', { withTimezone: true }).notNull(),
    waiverVersion: integer('waiver_version').notNull(),
    clashAcknowledged: boolean('clash_acknowledged').notNull().default(false),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** When the "your hold ends in 10 minutes" mail was queued; set once per hold. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** Queue order of the waitlist. */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    dropReason: text('drop_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live enrollment (seat, offer or waitlist place) per child per program. The predicate is
    // literal text built from the contract's list (same text as migration 0001; a test compares
    // the database's index with LIVE_STATUSES).
    uniqueIndex('enrollments_child_program_active_unique')
      .on(t.childId, t.programId)
      .where(sql`${t.status} in (${sql.raw(statusListSql(LIVE_STATUSES))})`),
    index('enrollments_program_status_idx').on(t.programId, t.status),
    index('enrollments_family_idx').on(t.familyId),
    // The sweeper's reminder scan and the per-family hold count read only live holds.
    index('enrollments_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = ${sql.raw(statusListSql([UNPAID_HOLD_STATUS]))}`),
    index('enrollments_child_idx').on(t.childId),
    index('enrollments_subscription_idx')
      .on(t.subscriptionId)
      .where(sql`${t.subscriptionId} is not null`),
    // Deleting an account sets created_by to null on the family's enrollments.
    index('enrollments_created_by_idx').on(t.createdBy),
    index('enrollments_waitlist_idx')
      .on(t.programId, t.waitlistedAt)
      .where(sql`${t.status} = ${sql.raw(statusListSql([WAITLIST_STATUS]))}`),
  ],
);

/**
 * A guardian's secret iCalendar feed. The token is kept as-is (not hashed) because the parent
 * must be able to copy the subscription URL again; it only grants read access to the
 * schedule, and rotating it revokes the old URL.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.token)],
);
