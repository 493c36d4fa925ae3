import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  timestamp,
  integer,
  pgEnum,
  boolean,
  jsonb,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { families, users } from './users.ts';
import { membershipPlans, programs } from './catalog.ts';
import { enrollments } from './enrollments.ts';
import { subscriptions } from './memberships.ts';

/**
 * Payments keep their amounts for accounting after a family is deleted: every link to a family,
 * user or enrollment is `on delete set null`, and account deletion clears the names it holds.
 * Money is integer cents with a currency code.
 */

/** Operator settings edited in the admin console (sibling discount percentage, …). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const couponKindEnum = pgEnum('coupon_kind', ['percent', 'amount']);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; parents type it in any case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: couponKindEnum('kind').notNull(),
    /** 1-100 for percent coupons. */
    percentOff: integer('percent_off'),
    /** For amount coupons, in `currency`. */
    amountOffCents: integer('amount_off_cents'),
    currency: text('currency').notNull().default('usd'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Redemptions over all families (reserved and paid); null = no limit. */
    maxRedemptions: integer('max_redemptions'),
    /** Redemptions per family; null = no limit. */
    maxPerFamily: integer('max_per_family'),
    /** Programs it applies to; null = every program. */
    programIds: uuid('program_ids').array(),
    /** A membership coupon: applies to a plan's first charge only, never to program seats. */
    forPlans: boolean('for_plans').notNull().default(false),
    /** Plans a membership coupon applies to; null = every plan. */
    planIds: uuid('plan_ids').array(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    check(
      'coupons_amount_check',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100) or (${t.kind} = 'amount' and ${t.amountOffCents} > 0)`,
    ),
  ],
);

/** open → paid | failed | expired | cancelled. A payment arriving after it ended still lands (late payment). */
export const checkoutStatusEnum = pgEnum('checkout_status', ['open', 'paid', 'failed', 'expired', 'cancelled']);

export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: checkoutStatusEnum('status').notNull().default('open'),
    gateway: text('gateway').notNull(),
    /** The gateway's session id (Stripe Checkout Session, sandbox session). */
    gatewayRef: text('gateway_ref'),
    /** The gateway's payment id once paid; refunds are made against it. */
    paymentRef: text('payment_ref'),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    siblingDiscountCents: integer('sibling_discount_cents').notNull(),
    couponDiscountCents: integer('coupon_discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    siblingPercent: integer('sibling_percent').notNull(),
    /** A membership's first charge (its one line is the plan). */
    planId: uuid('plan_id').references(() => membershipPlans.id),
    /** The subscription a renewal or upgrade charge is for (or that a first charge started). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_family_idx').on(t.familyId),
    uniqueIndex('checkouts_gateway_ref_unique').on(t.gatewayRef),
    index('checkouts_subscription_idx').on(t.subscriptionId),
    index('checkouts_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** pending → paid → refunded; released when its checkout fails or expires unpaid. */
export const checkoutLineStatusEnum = pgEnum('checkout_line_status', ['pending', 'paid', 'refunded', 'released']);

export const checkoutLines = pgTable(
  'checkout_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    programId: uuid('program_id').references(() => programs.id),
    /** Copied at checkout so receipts read the same later; cleared when the family is deleted. */
    childName: text('child_name'),
    programTitle: text('program_title').notNull(),
    status: checkoutLineStatusEnum('status').notNull().default('pending'),
    priceCents: integer('price_cents').notNull(),
    siblingDiscountCents: integer('sibling_discount_cents').notNull(),
    couponDiscountCents: integer('coupon_discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    index('checkout_lines_checkout_idx').on(t.checkoutId),
    index('checkout_lines_enrollment_idx').on(t.enrollmentId),
  ],
);

export const redemptionStatusEnum = pgEnum('coupon_redemption_status', ['reserved', 'redeemed', 'released']);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
    status: redemptionStatusEnum('status').notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_checkout_unique').on(t.checkoutId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.status),
  ],
);

/**
 * Every gateway event, keyed by the gateway's own event id: an event is applied once, in the
 * transaction that makes its effects (the sandbox's card outcome now, Stripe webhooks next).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    gateway: text('gateway').notNull(),
    type: text('type').notNull(),
    gatewayRef: text('gateway_ref'),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_events_gateway_ref_idx').on(t.gatewayRef)],
);

export const transactionKindEnum = pgEnum('transaction_kind', ['payment', 'refund', 'failed']);
export const transactionStatusEnum = pgEnum('transaction_status', ['pending', 'succeeded', 'failed']);

/** What the family sees in "transactions": payments, refunds and failed attempts. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** The refunded line, for refunds. */
    checkoutLineId: uuid('checkout_line_id').references(() => checkoutLines.id, { onDelete: 'set null' }),
    kind: transactionKindEnum('kind').notNull(),
    status: transactionStatusEnum('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    failureReason: text('failure_reason'),
    gatewayRef: text('gateway_ref'),
    /** Refunds: the key the gateway dedupes on, so a retried refund is never paid twice. */
    idempotencyKey: text('idempotency_key'),
    /** Refunds staff decided: who, and the reason they gave. */
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundReason: text('refund_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('transactions_family_idx').on(t.familyId, t.createdAt),
    uniqueIndex('transactions_idempotency_unique').on(t.idempotencyKey),
    index('transactions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const refundRequestStatusEnum = pgEnum('refund_request_status', ['pending', 'approved', 'rejected']);

/** A drop-out after the first session: staff decide in the admin console. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    checkoutLineId: uuid('checkout_line_id').references(() => checkoutLines.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: refundRequestStatusEnum('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why staff declined (mailed to the family). */
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('refund_requests_status_idx').on(t.status), index('refund_requests_family_idx').on(t.familyId)],
);
