import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  timestamp,
  integer,
  pgEnum,
  boolean,
  index,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { families, users } from './users.ts';
import { membershipPlans } from './catalog.ts';
import { children } from './family.ts';

/**
 * active → past_due (a renewal failed; retried) → active | ended. A cancellation keeps it active
 * until current_period_end (cancel_at_period_end), then the renewal job ends it. Live = active or
 * past_due: at most one per family, and only a live one covers children.
 */
export const subscriptionStatusEnum = pgEnum('subscription_status', ['active', 'past_due', 'ended']);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null when the family is deleted: the renewal job then ends it without charging. */
    familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    status: subscriptionStatusEnum('status').notNull().default('active'),
    gateway: text('gateway').notNull(),
    /** The provider's customer, saved payment method and subscription (Stripe: cus_, pm_, sub_). */
    customerRef: text('customer_ref'),
    paymentMethodRef: text('payment_method_ref'),
    gatewaySubscriptionRef: text('gateway_subscription_ref'),
    cardLast4: text('card_last4'),
    currency: text('currency').notNull(),
    /** The price it renews at: the plan's price when bought; a later plan price applies to new memberships only. */
    priceCents: integer('price_cents').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** canceled | renewal_failed | family_deleted */
    endReason: text('end_reason'),
    /** Failed renewal charges for the period that is due (0 when paid up). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** When the renewal job tries the card again (past_due). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastFailureReason: text('last_failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_family_live_unique')
      .on(t.familyId)
      .where(sql`${t.status} in ('active', 'past_due')`),
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('active', 'past_due')`),
  ],
);

/** The children a subscription covers ("enroll super child"); at most the plan's max_children. */
export const coveredChildren = pgTable(
  'covered_children',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.childId] }), index('covered_children_child_idx').on(t.childId)],
);
