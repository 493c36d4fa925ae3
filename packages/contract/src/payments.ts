import { z } from 'zod';
import { pageQuery, uuidParam } from './common.ts';

/** A checkout (and each chosen seat's hold) lasts at least this long. */
export const CHECKOUT_MINUTES = 30;
/** Lines in one checkout: more than any family holds (holds are capped far lower). */
export const MAX_CHECKOUT_LINES = 20;
export const COUPON_CODE_MAX = 40;

/** Stripe's test cards, which the sandbox gateway takes (printed by `npm start`). */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
  { number: '4000 0000 0000 0341', outcome: 'succeeds, then fails when a membership renews' },
] as const;

export const PAYMENT_MESSAGES = {
  basketEmpty: 'Choose at least one held seat to pay for',
  basketTooLarge: `At most ${MAX_CHECKOUT_LINES} seats can be paid at once`,
  duplicateLine: 'Each seat can be chosen once',
  seatNotHeld:
    'One of the chosen seats is not waiting for payment (its hold ended, or it is paid already). Refresh your enrollments and try again.',
  seatInCheckout: 'One of the chosen seats is already in a payment that is open. Finish or cancel that payment first.',
  coveredByMembership: 'One of the chosen seats is covered by a membership and is not paid here',
  mixedCurrencies: 'These seats are priced in different currencies; pay for them separately',
  enrollmentNotFound: 'Enrollment not found',
  checkoutNotFound: 'Payment not found',
  checkoutEnded: 'This payment has already ended. Start a new payment from your enrollments.',
  couponRequired: 'Enter a coupon code',
  couponUnknown: 'This coupon code is not valid',
  couponNotYet: 'This coupon code is not valid yet',
  couponExpired: 'This coupon code has expired',
  couponUsedUp: 'This coupon code has been used up',
  couponFamilyLimit: 'Your family has already used this coupon code',
  couponNotApplicable: 'This coupon code does not apply to the programs you chose',
  couponCurrency: 'This coupon code does not apply to payments in this currency',
  couponApplied: 'Coupon applied',
  initiated: 'Your payment is ready. Your seats are held until it ends.',
  paid: 'Payment received. Your enrollments are confirmed.',
  failed: 'The payment did not go through. Your seats stay held until their hold ends.',
  open: 'The payment has not been completed yet',
  expired: 'This payment expired before it was completed',
  cancelled: 'Payment cancelled. Your seats stay held until their hold ends.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  renewalDeclined: 'Your saved card was declined.',
  cardNumber: 'Enter a valid card number',
  cardExpiry: 'Enter the expiry date as MM/YY',
  cardExpired: 'Your card has expired.',
  cardCvc: 'Enter the 3 or 4 digit security code',
  cardName: 'Enter the name on the card',
  transactionNotFound: 'Receipt not found',
  manualNoCard: 'Memberships renew on a saved card, so they cannot be paid at the office.',
  manualRefund: 'Office payments are refunded by staff in person.',
  manualNotAllowed: 'Paying at the office is not offered at the moment. Please pay by card.',
  manualNotOffice: 'This checkout is not an office payment.',
  manualAmountDiffers: 'The amount received must be the checkout total.',
  manualReceived: 'Payment recorded. The receipt is on its way to the family.',
  webhookSignatureInvalid: 'The Stripe-Signature header is missing or does not match the body',
  gatewayUnavailable: 'Online payment is not available at the moment. Please try again later or contact us.',
} as const;

const enrollmentIds = z
  .array(uuidParam, { error: PAYMENT_MESSAGES.basketEmpty })
  .min(1, PAYMENT_MESSAGES.basketEmpty)
  .max(MAX_CHECKOUT_LINES, PAYMENT_MESSAGES.basketTooLarge)
  .refine((ids) => new Set(ids).size === ids.length, PAYMENT_MESSAGES.duplicateLine);

/** Codes are letters, digits and dashes; compared upper-case. */
export const couponCodeField = z
  .string({ error: PAYMENT_MESSAGES.couponRequired })
  .trim()
  .min(1, PAYMENT_MESSAGES.couponRequired)
  .max(COUPON_CODE_MAX, PAYMENT_MESSAGES.couponUnknown)
  .regex(/^[A-Za-z0-9-]+$/, PAYMENT_MESSAGES.couponUnknown)
  .transform((c) => c.toUpperCase());

/**
 * Bodies are strict: a client sending prices, totals or discounts is refused (400), never
 * believed. Every amount is computed on the server from the enrollments and the coupon.
 */
export const initiatePaymentSchema = z.strictObject(
  {
    enrollmentIds,
    couponCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), couponCodeField.optional()),
    /** "Pay at the office or by check" instead of the card gateway (when the operator allows it). */
    payAtOffice: z.boolean({ error: 'payAtOffice must be true or false' }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type InitiatePaymentInput = z.output<typeof initiatePaymentSchema>;

export const couponVerifySchema = z.strictObject(
  { enrollmentIds, code: couponCodeField },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type CouponVerifyInput = z.output<typeof couponVerifySchema>;

export const checkoutIdBody = z.strictObject({ checkoutId: uuidParam });
export const checkoutIdQuery = z.object({ id: uuidParam });
export const transactionIdQuery = z.object({ id: uuidParam });

export const transactionListQuery = pageQuery.extend({
  limit: z.coerce
    .number({ error: 'Limit must be 1 to 50' })
    .int('Limit must be 1 to 50')
    .min(1, 'Limit must be 1 to 50')
    .max(50, 'Limit must be 1 to 50')
    .default(20),
});

const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v);

/** The sandbox card form: Stripe's test numbers, an MM/YY expiry, a CVC and a name. */
export const sandboxPaySchema = z.strictObject({
  checkoutId: uuidParam,
  cardNumber: z.preprocess(
    digits,
    z.string({ error: PAYMENT_MESSAGES.cardNumber }).regex(/^\d{12,19}$/, PAYMENT_MESSAGES.cardNumber),
  ),
  expiry: z
    .string({ error: PAYMENT_MESSAGES.cardExpiry })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, PAYMENT_MESSAGES.cardExpiry),
  cvc: z
    .string({ error: PAYMENT_MESSAGES.cardCvc })
    .trim()
    .regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cardCvc),
  name: z
    .string({ error: PAYMENT_MESSAGES.cardName })
    .trim()
    .min(1, PAYMENT_MESSAGES.cardName)
    .max(100, 'Must be at most 100 characters')
    .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, PAYMENT_MESSAGES.cardName),
});
export type SandboxPayInput = z.output<typeof sandboxPaySchema>;

/*
 * Answers, as schemas: each route declares its response with these, so an answer never carries
 * a field the contract does not name (a gateway reference, another family's data).
 */
const cents = z.number().int();
const isoTime = z.string();

export const breakdownLineSchema = z.object({
  enrollmentId: z.string(),
  childName: z.string(),
  programTitle: z.string(),
  priceCents: cents,
  siblingDiscountCents: cents,
  couponDiscountCents: cents,
  totalCents: cents,
});
export type BreakdownLine = z.infer<typeof breakdownLineSchema>;

export const breakdownSchema = z.object({
  lines: z.array(breakdownLineSchema),
  subtotalCents: cents,
  siblingDiscountCents: cents,
  couponDiscountCents: cents,
  totalCents: cents,
  currency: z.string(),
  siblingPercent: z.number().int(),
  coupon: z.object({ code: z.string(), description: z.string() }).nullable(),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const checkoutStartedSchema = z.object({
  checkoutId: z.string(),
  breakdown: breakdownSchema,
  /** Where the browser goes to pay: the gateway's page (the in-app sandbox page offline). */
  redirectUrl: z.string(),
  expiresAt: isoTime,
});
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

export const CHECKOUT_STATES = ['open', 'paid', 'failed', 'expired', 'cancelled'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

export const checkoutOutcomeSchema = z.object({
  checkoutId: z.string(),
  state: z.enum(CHECKOUT_STATES),
  /** Why a failed payment failed, in the gateway's words for the parent. */
  failureReason: z.string().nullable(),
  /** The payment's transaction, for the receipt link, once paid. */
  transactionId: z.string().nullable(),
  breakdown: breakdownSchema,
  expiresAt: isoTime,
});
export type CheckoutOutcome = z.infer<typeof checkoutOutcomeSchema>;

export const sandboxCheckoutSchema = checkoutOutcomeSchema.extend({
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
  /** Where the page sends the parent after paying, and after giving up (paths in this app). */
  successPath: z.string(),
  cancelPath: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

export const TRANSACTION_KINDS = ['payment', 'refund', 'failed'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountCents: cents,
  currency: z.string(),
  description: z.string(),
  failureReason: z.string().nullable(),
  checkoutId: z.string().nullable(),
  createdAt: isoTime,
  /** Payments have a printable receipt. */
  hasReceipt: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionPageSchema = z.object({
  items: z.array(transactionSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const receiptSchema = z.object({
  transactionId: z.string(),
  receiptNumber: z.string(),
  paidAt: isoTime,
  operator: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  lines: z.array(
    breakdownLineSchema
      .omit({ enrollmentId: true, childName: true })
      .extend({ childName: z.string().nullable(), status: z.enum(['paid', 'refunded']) }),
  ),
  subtotalCents: cents,
  siblingDiscountCents: cents,
  couponDiscountCents: cents,
  coupon: z.string().nullable(),
  totalCents: cents,
  refundedCents: cents,
  currency: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** What POST /stripe/webhook answers Stripe: the event was verified and handled (or was already). */
export const webhookAckSchema = z.object({ received: z.literal(true) });

/** How staff received an office payment. */
export const MANUAL_METHODS = ['cash', 'check'] as const;

export const markReceivedSchema = z.strictObject(
  {
    checkoutId: uuidParam,
    amountCents: z
      .number({ error: 'Amount must be a whole number of cents' })
      .int('Amount must be a whole number of cents')
      .min(1, 'Amount must be at least 1 cent')
      .max(100_000_000, 'Amount is too large'),
    method: z.enum(MANUAL_METHODS, { error: 'Method must be cash or check' }),
    reference: z
      .string({ error: 'Reference must be text' })
      .trim()
      .max(100, 'Reference must be at most 100 characters')
      .regex(/^[^\u0000-\u001f<>]*$/, 'Reference has characters that are not allowed')
      .default(''),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type MarkReceivedInput = z.output<typeof markReceivedSchema>;

/** GET /payment-options: the ways the checkout may be paid, as the operator configured them. */
export const paymentOptionsSchema = z.object({
  card: z.boolean(),
  payAtOffice: z.boolean(),
  /** How many days an office payment holds the seats. */
  officeHoldDays: z.number().int(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;
