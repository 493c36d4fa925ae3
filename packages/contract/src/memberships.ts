import { z } from 'zod';
import { uuidParam } from './common.ts';
import { couponCodeField, CHECKOUT_STATES } from './payments.ts';

/**
 * Memberships ("super parent" plans): a monthly or yearly plan covers up to max_children
 * attached children in every program flagged as covered, with no payment per seat.
 * docs/decisions/0015-memberships.md says how renewals, cancellation and upgrades work.
 */

/** A held seat that a membership no longer covers is released if not paid within this many days. */
export const UNCOVERED_HOLD_DAYS = 7;
/** A failed renewal is tried again this many days after the first failure (twice over a week), then the plan ends. */
export const RENEWAL_RETRY_DAYS = [3, 7] as const;

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const INTERVAL_LABELS: Record<BillingInterval, string> = { month: 'month', year: 'year' };

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A date as the parent reads it in messages: "March 3, 2027" (UTC, like every stored time). */
export const formatPlanDate = (iso: string | Date) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const MEMBERSHIP_MESSAGES = {
  planNotFound: 'This plan is not available',
  alreadySubscribed: 'Your family already has a membership. Change it from your billing page.',
  noMembership: 'Your family has no active membership. Choose a plan first.',
  notAPlanPayment: 'Membership payment not found',
  childNotFound: 'Child not found in your family',
  childLimit: (plan: string, max: number) =>
    `Your ${plan} plan covers up to ${max} children. Detach a child or upgrade your plan to add another.`,
  childAttached: (name: string) => `${name} is now covered by your membership`,
  childAlreadyAttached: (name: string) => `${name} is already covered by your membership`,
  childNotAttached: 'This child is not covered by your membership',
  childDetached: (name: string) =>
    `${name} is no longer covered. Seats the membership paid for are held for ${UNCOVERED_HOLD_DAYS} days for payment; attaching ${name} again does not cover them again.`,
  created: 'Your membership is active. Attach your children to cover them.',
  paymentFailed: 'The payment did not go through. No membership was started.',
  paymentOpen: 'The payment has not been completed yet',
  paymentEnded: 'This payment ended before it was completed. Nothing was charged.',
  cancelled: (date: string) => `Your membership is cancelled. It stays active until ${date}, and is not charged again.`,
  alreadyCancelled: (date: string) => `Your membership is already cancelled. It stays active until ${date}.`,
  endedNow: 'Your membership has ended. Covered seats are held for payment.',
  samePlan: 'You are already on this plan',
  noDowngrade: (date: string) =>
    `A yearly plan cannot be switched to a shorter one before it ends. Cancel it; after ${date} you can choose the monthly plan.`,
  upgradeWhilePastDue: 'Your last renewal did not go through. Update it before changing plans.',
  upgraded: (plan: string, date: string) => `You are now on the ${plan} plan. The next charge is on ${date}.`,
  couponNotForPlans: 'This coupon code does not apply to memberships',
  couponNotForPlan: 'This coupon code does not apply to this plan',
} as const;

export const planIdBody = z.strictObject({ planId: uuidParam });
export const childIdBody = z.strictObject({ childId: uuidParam });
/** Cancel takes no fields: an empty JSON object. */
export const emptyBody = z.strictObject({});
/** The return from the payment page: `cancel` when the parent gave up (ends the unpaid checkout). */
export const subscriptionCreateSchema = z.strictObject({ checkoutId: uuidParam, cancel: z.boolean().optional() });

/** Like the one-time payment: strict, so prices or totals in the body are refused, never believed. */
export const subscriptionInitiateSchema = z.strictObject(
  {
    planId: uuidParam,
    couponCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), couponCodeField.optional()),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type SubscriptionInitiateInput = z.output<typeof subscriptionInitiateSchema>;

const cents = z.number().int();
const isoTime = z.string();

export const coveredProgramSchema = z.object({ id: z.string(), slug: z.string(), title: z.string() });

export const planSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  priceCents: cents,
  currency: z.string(),
  maxChildren: z.number().int(),
  features: z.array(z.string()),
  /** Programs the plan covers: today every published program flagged "covered by membership". */
  coveredPrograms: z.array(coveredProgramSchema),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const planCheckoutSchema = z.object({
  checkoutId: z.string(),
  planName: z.string(),
  priceCents: cents,
  couponDiscountCents: cents,
  totalCents: cents,
  currency: z.string(),
  coupon: z.string().nullable(),
  /** The gateway's payment page (the in-app sandbox page offline). */
  redirectUrl: z.string(),
  expiresAt: isoTime,
});
export type PlanCheckout = z.infer<typeof planCheckoutSchema>;

export const coveredChildSchema = z.object({ childId: z.string(), name: z.string(), attachedAt: isoTime });

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: planSchema.omit({ coveredPrograms: true }),
  currentPeriodStart: isoTime,
  currentPeriodEnd: isoTime,
  cancelAtPeriodEnd: z.boolean(),
  /** When a cancelled plan stops covering (the period end), else null. */
  endsAt: isoTime.nullable(),
  /** The next charge of the saved card (renewal or retry), or null when none is due. */
  nextChargeAt: isoTime.nullable(),
  nextChargeCents: cents.nullable(),
  cardLast4: z.string().nullable(),
  coveredChildren: z.array(coveredChildSchema),
  /** A renewal that failed: why, and what happens next. */
  renewalFailure: z
    .object({ reason: z.string(), failedAttempts: z.number().int(), nextAttemptAt: isoTime.nullable() })
    .nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The billing page: the family's live membership (or null) and its children, to attach. */
export const billingSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  /** The latest membership that ended, so the page can say why (renewal failed, cancelled). */
  lastEnded: z.object({ endedAt: isoTime, reason: z.string() }).nullable(),
  children: z.array(z.object({ id: z.string(), name: z.string(), covered: z.boolean() })),
});
export type Billing = z.infer<typeof billingSchema>;

export const subscriptionOutcomeSchema = z.object({
  checkoutId: z.string(),
  state: z.enum(CHECKOUT_STATES),
  failureReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  subscription: subscriptionSchema.nullable(),
});
export type SubscriptionOutcome = z.infer<typeof subscriptionOutcomeSchema>;

/** Attach, detach, cancel and upgrade answer the membership as it is now. */
export const subscriptionChangeSchema = z.object({ subscription: subscriptionSchema });
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;
