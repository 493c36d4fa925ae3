import { z } from 'zod';
import { adminListQuerySchema, adminPageSchema } from './admin-lists.ts';
import { MAX_SHORT_TEXT, optionalText, requiredText, uuidParam } from './common.ts';
import { BILLING_INTERVALS } from './memberships.ts';
import { CHECKOUT_STATES, TRANSACTION_KINDS, couponCodeField } from './payments.ts';

/**
 * The staff console's money section (issue 15): plans, coupons and their usage, the sibling
 * discount, transactions and refunds, office payments waiting, drop-out refund requests.
 */

/** A sibling discount above half the price is more likely a typing slip than a policy. */
export const SIBLING_DISCOUNT_MAX = 50;
export const PLAN_PRICE_MAX_CENTS = 1_000_000;
export const PLAN_CHILDREN_MAX = 10;
export const COUPON_AMOUNT_MAX_CENTS = 1_000_000;
export const COUPON_USES_MAX = 100_000;
export const REFUND_REASON_MAX = 500;

export const ADMIN_MONEY_MESSAGES = {
  planNotFound: 'Plan not found',
  planSaved:
    'Plan saved. A new price applies to new memberships; current members keep renewing at the price they joined at.',
  planNothingToChange: 'Change the price, the children covered or whether it is offered',
  siblingSaved: 'Sibling discount saved. It applies to checkouts started from now on.',
  couponNotFound: 'Coupon not found',
  couponCodeTaken: 'Another coupon already uses this code',
  couponSaved: 'Coupon saved',
  couponCreated: 'Coupon created',
  couponDeactivated: 'Coupon deactivated. Checkouts already paid keep their discount.',
  percentRequired: 'Enter a percentage from 1 to 100',
  amountRequired: 'Enter an amount off of at least $0.01',
  untilBeforeFrom: 'The last valid day must be on or after the first',
  transactionNotFound: 'Transaction not found',
  notRefundable: 'Only a successful payment can be refunded',
  refundTooLarge: 'The refund cannot be more than what is left of the payment',
  refundReasonRequired: 'Say why the payment is refunded',
  refundAmountRequired: 'Enter an amount of at least $0.01',
  refundSent: 'Refund sent. The family was mailed.',
  refundPending: 'Refund recorded. The payment provider has not confirmed it yet; it is sent again every minute.',
  refundOffice: 'Refund recorded. Hand the money back at the office, then mark it handed back.',
  refundNotOffice: 'Only a pending office refund is marked handed back here',
  refundHandedBack: 'Refund marked as handed back',
  requestNotFound: 'Refund request not found',
  requestDecided: 'This refund request has already been decided',
  requestApproved: 'Refund approved. The family was mailed.',
  requestDeclined: 'Refund request declined. The family was mailed the reason.',
  declineReasonRequired: 'Say why the refund is declined',
} as const;

const cents = z.number().int();
const isoTime = z.string();
/** A calendar day, YYYY-MM-DD (UTC, as every stored time). */
const day = z.iso.date('Enter a date as YYYY-MM-DD');

// Plans and the sibling discount.

export const adminPlanSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  priceCents: cents,
  currency: z.string(),
  maxChildren: z.number().int(),
  active: z.boolean(),
  /** Live memberships on the plan: they renew at their own price, whatever is set here. */
  liveMemberships: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.array(adminPlanSchema);

export const adminPlanUpdateSchema = z
  .strictObject({
    priceCents: z
      .number({ error: 'Enter a price' })
      .int('Enter a price in whole cents')
      .min(100, 'The price must be at least $1.00')
      .max(PLAN_PRICE_MAX_CENTS, 'The price must be at most $10,000.00')
      .optional(),
    maxChildren: z
      .number({ error: 'Enter how many children it covers' })
      .int('Enter a whole number')
      .min(1, 'A plan covers at least 1 child')
      .max(PLAN_CHILDREN_MAX, `A plan covers at most ${PLAN_CHILDREN_MAX} children`)
      .optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), ADMIN_MONEY_MESSAGES.planNothingToChange);
export type AdminPlanUpdate = z.infer<typeof adminPlanUpdateSchema>;

export const siblingDiscountSchema = z.strictObject({
  percent: z
    .number({ error: 'Enter a percentage' })
    .int('Enter a whole percentage')
    .min(0, 'The discount cannot be negative')
    .max(SIBLING_DISCOUNT_MAX, `The sibling discount is at most ${SIBLING_DISCOUNT_MAX}%`),
});
export type SiblingDiscount = z.infer<typeof siblingDiscountSchema>;

// Coupons.

export const COUPON_KINDS = ['percent', 'amount'] as const;

const uses = (what: string) =>
  z
    .number({ error: `Enter the ${what}, or leave it empty for no limit` })
    .int('Enter a whole number')
    .min(1, 'The limit must be at least 1')
    .max(COUPON_USES_MAX, `The limit must be at most ${COUPON_USES_MAX}`)
    .nullable();

/** Create and edit take the whole coupon (the edit form sends every field). */
export const adminCouponInputSchema = z
  .strictObject({
    code: couponCodeField,
    description: optionalText(MAX_SHORT_TEXT, { lines: false }),
    kind: z.enum(COUPON_KINDS, { error: 'Choose percent or amount off' }),
    percentOff: z.number().int().min(1).max(100).nullable().optional(),
    amountOffCents: z.number().int().min(1).max(COUPON_AMOUNT_MAX_CENTS).nullable().optional(),
    validFrom: day.nullable(),
    validUntil: day.nullable(),
    maxRedemptions: uses('total limit'),
    maxPerFamily: uses('limit per family'),
    /** A membership coupon: it takes off a plan's first charge, never program seats. */
    forPlans: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !v.percentOff)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: ADMIN_MONEY_MESSAGES.percentRequired });
    if (v.kind === 'amount' && !v.amountOffCents)
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: ADMIN_MONEY_MESSAGES.amountRequired });
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: ADMIN_MONEY_MESSAGES.untilBeforeFrom });
  });
export type AdminCouponInput = z.output<typeof adminCouponInputSchema>;
export type AdminCouponForm = z.input<typeof adminCouponInputSchema>;

export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  percentOff: z.number().int().nullable(),
  amountOffCents: cents.nullable(),
  currency: z.string(),
  /** First and last valid day (inclusive), or null for no bound. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  maxPerFamily: z.number().int().nullable(),
  forPlans: z.boolean(),
  active: z.boolean(),
  /** Paid checkouts that used it. */
  redeemed: z.number().int(),
  /** Checkouts open with it now (they count against the limits until they end). */
  reserved: z.number().int(),
  createdAt: isoTime,
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const COUPON_SORTS = ['code', 'createdAt', 'redeemed'] as const;
export const adminCouponQuerySchema = adminListQuerySchema(COUPON_SORTS).extend({
  active: z.enum(['true', 'false'], { error: 'Filter by true or false' }).optional(),
});
export const adminCouponPageSchema = adminPageSchema(adminCouponSchema);

/** One checkout that used a coupon. */
export const couponUseSchema = z.object({
  checkoutId: z.string(),
  status: z.enum(['reserved', 'redeemed', 'released']),
  checkoutState: z.enum(CHECKOUT_STATES),
  familyEmail: z.string().nullable(),
  totalCents: cents,
  couponDiscountCents: cents,
  currency: z.string(),
  createdAt: isoTime,
});
export type CouponUse = z.infer<typeof couponUseSchema>;
export const couponUseQuerySchema = adminListQuerySchema(['createdAt'] as const);
export const couponUsePageSchema = adminPageSchema(couponUseSchema);

// Transactions and refunds.

export const TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const adminTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  amountCents: cents,
  currency: z.string(),
  description: z.string(),
  failureReason: z.string().nullable(),
  checkoutId: z.string().nullable(),
  familyId: z.string().nullable(),
  /** A guardian's email, to find the family (null once the family deleted its account). */
  familyEmail: z.string().nullable(),
  /** sandbox | stripe | manual: a manual (office) refund is handed back by staff. */
  gateway: z.string().nullable(),
  /** The provider's reference (payment or refund), or the office's method and reference. */
  reference: z.string().nullable(),
  /** Payments: what can still be refunded (the payment less its refunds). */
  refundableCents: cents,
  refundReason: z.string().nullable(),
  createdAt: isoTime,
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const TRANSACTION_SORTS = ['createdAt', 'amountCents'] as const;
export const adminTransactionQuerySchema = adminListQuerySchema(TRANSACTION_SORTS)
  .extend({
    kind: z.enum(TRANSACTION_KINDS, { error: `Kind is one of: ${TRANSACTION_KINDS.join(', ')}` }).optional(),
    status: z.enum(TRANSACTION_STATUSES, { error: `Status is one of: ${TRANSACTION_STATUSES.join(', ')}` }).optional(),
    from: day.optional(),
    until: day.optional(),
    familyId: uuidParam.optional(),
  })
  .refine((v) => !v.from || !v.until || v.from <= v.until, {
    path: ['until'],
    message: 'The end date must be on or after the start date',
  });
export const adminTransactionPageSchema = adminPageSchema(adminTransactionSchema);

export const refundSchema = z.strictObject({
  amountCents: z
    .number({ error: ADMIN_MONEY_MESSAGES.refundAmountRequired })
    .int('Enter the amount in whole cents')
    .min(1, ADMIN_MONEY_MESSAGES.refundAmountRequired)
    .max(PLAN_PRICE_MAX_CENTS * 100, ADMIN_MONEY_MESSAGES.refundTooLarge),
  reason: requiredText(ADMIN_MONEY_MESSAGES.refundReasonRequired, REFUND_REASON_MAX),
  /**
   * Made once when the refund dialog opens: a second submit with the same id (a double click, a
   * retry) answers the first refund instead of refunding again.
   */
  requestId: uuidParam,
});
export type RefundInput = z.infer<typeof refundSchema>;

// Office payments waiting.

export const officePaymentSchema = z.object({
  checkoutId: z.string(),
  familyEmail: z.string().nullable(),
  totalCents: cents,
  currency: z.string(),
  lines: z.array(z.object({ childName: z.string().nullable(), programTitle: z.string() })),
  createdAt: isoTime,
  /** The seats are held until then; after it the checkout ends and the seats go back. */
  expiresAt: isoTime,
});
export type OfficePayment = z.infer<typeof officePaymentSchema>;
export const officePaymentQuerySchema = adminListQuerySchema(['createdAt', 'expiresAt', 'totalCents'] as const);
export const officePaymentPageSchema = adminPageSchema(officePaymentSchema);

// Drop-out refund requests.

export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const refundRequestSchema = z.object({
  id: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  familyEmail: z.string().nullable(),
  childName: z.string().nullable(),
  programTitle: z.string().nullable(),
  amountCents: cents,
  currency: z.string(),
  /** The family's drop-out reason. */
  reason: z.string(),
  decisionReason: z.string().nullable(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export const refundRequestQuerySchema = adminListQuerySchema(['createdAt', 'amountCents'] as const).extend({
  status: z
    .enum(REFUND_REQUEST_STATUSES, { error: `Status is one of: ${REFUND_REQUEST_STATUSES.join(', ')}` })
    .optional(),
});
export const refundRequestPageSchema = adminPageSchema(refundRequestSchema);
export const declineRequestSchema = z.strictObject({
  reason: requiredText(ADMIN_MONEY_MESSAGES.declineReasonRequired, REFUND_REASON_MAX),
});
export const emptyStrictBody = z.strictObject({});
