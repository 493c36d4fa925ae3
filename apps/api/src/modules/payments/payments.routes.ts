import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_MESSAGES,
  breakdownSchema,
  checkoutIdBody,
  checkoutIdQuery,
  checkoutOutcomeSchema,
  checkoutStartedSchema,
  type CheckoutOutcome,
  couponVerifySchema,
  initiatePaymentSchema,
  paymentOptionsSchema,
  receiptSchema,
  sandboxCheckoutSchema,
  sandboxPaySchema,
  transactionIdQuery,
  transactionListQuery,
  transactionPageSchema,
} from '@kikstart/contract/payments';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, perUserRateLimit, requireUser } from '../../plugins/auth.ts';
import { familyOf } from '../children/children.service.ts';
import { cancelCheckout, confirmCheckout, verifyCoupon, type PaymentContext } from './checkout.service.ts';
import { checkoutStarter } from './initiate-batch.ts';
import { cardPaymentsTogether } from './payment-event-batch.ts';
import type { PaymentGateway } from './gateway.ts';
import { AppError } from '../../lib/errors.ts';
import { getReceipt } from './receipts.ts';
import { getSandboxCheckout, paySandboxCheckout } from './sandbox.service.ts';
import { listTransactions } from './transactions.service.ts';

/**
 * Coupon codes are guessable secrets: checking them (verify, or initiate with a code) is limited
 * per signed-in user, generously for a parent trying a code or two, a wall for enumerating codes.
 */
export const COUPON_RATE_LIMIT = perUserRateLimit(20, '10 minutes');

const outcomeMessage = {
  open: PAYMENT_MESSAGES.open,
  paid: PAYMENT_MESSAGES.paid,
  failed: PAYMENT_MESSAGES.failed,
  expired: PAYMENT_MESSAGES.expired,
  cancelled: PAYMENT_MESSAGES.cancelled,
} as const;

/** A failed payment says why when the gateway told us; every other outcome has its fixed message. */
const answerOutcome = (outcome: CheckoutOutcome) =>
  ok(
    outcome,
    outcome.state === 'failed' && outcome.failureReason ? outcome.failureReason : outcomeMessage[outcome.state],
  );

/** What a signed-in parent's payment request works with: their family, the gateway and the app clock's now. */
export const paymentContextOf =
  (app: FastifyInstance, gateway: PaymentGateway) =>
  (request: FastifyRequest): PaymentContext => {
    const user = currentUser(request);
    return {
      db: app.db,
      gateway,
      familyId: familyOf(user),
      userId: user.id,
      publicUrl: app.config.publicUrl,
      now: app.clock.now(),
    };
  };

/**
 * Paying once for held seats. The work is split in two (docs/decisions/0013-one-time-payments.md):
 * `initiate` prices the basket on the server, reserves the coupon, extends the holds and opens the
 * gateway's page; `single-payment` asks the gateway for the outcome when the parent comes back.
 * Every call is scoped to the caller's family.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  const onRequest = requireUser('parent');
  const gateway = app.paymentGateway;
  // "Pay at the office or by check" beside the card gateway, when the operator offers it.
  const office = app.officeGateway;
  const ctx = paymentContextOf(app, gateway);
  // Payments started together are stored together (initiate-batch.ts).
  const startCheckout = checkoutStarter(app.db, gateway);
  // And card payments made together are read and applied together (payment-event-batch.ts).
  const cardPayments = cardPaymentsTogether(app.db);

  app.post(
    '/stripe-single-payment/initiate',
    {
      onRequest,
      config: { rateLimit: COUPON_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Start paying once for held seats',
        description:
          "Step 1 of 2. Prices the chosen held seats on the server (price, sibling discount, then coupon; integer cents), reserves the coupon, holds the seats until the checkout expires (at least 30 minutes) and opens the gateway's payment page. Answers the breakdown and redirectUrl. Amounts are never read from the request.",
        body: initiatePaymentSchema,
        response: okResponse(checkoutStartedSchema),
      },
    },
    async (request) => {
      const chosen = request.body.payAtOffice ? office : gateway;
      if (!chosen) throw new AppError('UNPROCESSABLE', PAYMENT_MESSAGES.manualNotAllowed);
      const started = await startCheckout({ ...ctx(request), gateway: chosen, input: request.body });
      return ok(started, PAYMENT_MESSAGES.initiated);
    },
  );

  app.get(
    '/payment-options',
    {
      onRequest,
      schema: {
        tags,
        summary: 'How the checkout may be paid: by card, at the office (and how long that holds the seats)',
        response: okResponse(paymentOptionsSchema),
      },
    },
    async () =>
      ok({
        card: gateway.name !== 'manual',
        payAtOffice: office !== null,
        officeHoldDays: app.config.manualHoldDays,
      }),
  );

  app.post(
    '/stripe-subscription/single-payment',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Confirm a one-time payment when the parent returns',
        description:
          "Step 2 of 2. Reads the checkout's outcome from the gateway (never from the browser) and applies it once as a payment event: paid confirms the seats and mails the receipt; failed says why and leaves the seats held until their hold ends; open means not finished yet.",
        body: checkoutIdBody,
        response: okResponse(checkoutOutcomeSchema),
      },
    },
    async (request) => answerOutcome(await confirmCheckout({ ...ctx(request), checkoutId: request.body.checkoutId })),
  );

  app.post(
    '/stripe-single-payment/cancel',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Cancel an unpaid checkout (the parent left the payment page); the seats stay held until their hold ends',
        body: checkoutIdBody,
        response: okResponse(checkoutOutcomeSchema),
      },
    },
    async (request) => {
      const outcome = await cancelCheckout({ ...ctx(request), checkoutId: request.body.checkoutId });
      return ok(outcome, outcomeMessage[outcome.state]);
    },
  );

  app.post(
    '/coupon/verify',
    {
      onRequest,
      config: { rateLimit: COUPON_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Check a coupon code against chosen seats and answer the new breakdown (reserves nothing)',
        body: couponVerifySchema,
        response: okResponse(breakdownSchema),
      },
    },
    async (request) => ok(await verifyCoupon({ ...ctx(request), input: request.body }), PAYMENT_MESSAGES.couponApplied),
  );

  app.get(
    '/transaction/list',
    {
      onRequest,
      schema: {
        tags,
        summary: "The family's payments, refunds and failed attempts, newest first",
        querystring: transactionListQuery,
        response: okResponse(transactionPageSchema),
      },
    },
    async (request) =>
      ok(await listTransactions({ ...ctx(request), page: request.query.page, limit: request.query.limit })),
  );

  app.get(
    '/transaction/receipt',
    {
      onRequest,
      schema: {
        tags,
        summary: "A payment's printable receipt: operator, lines, discounts, total",
        querystring: transactionIdQuery,
        response: okResponse(receiptSchema),
      },
    },
    async (request) => ok(await getReceipt({ ...ctx(request), transactionId: request.query.id })),
  );

  // The offline gateway's own page and card form: only when it is the configured gateway.
  if (gateway.name !== 'sandbox') return;

  app.get(
    '/sandbox/checkout',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Sandbox gateway: what its payment page shows',
        querystring: checkoutIdQuery,
        response: okResponse(sandboxCheckoutSchema),
      },
    },
    async (request) => ok(await getSandboxCheckout({ ...ctx(request), checkoutId: request.query.id })),
  );

  app.post(
    '/sandbox/checkout/pay',
    {
      onRequest,
      schema: {
        tags,
        summary: "Sandbox gateway: pay with one of Stripe's test cards",
        description:
          '4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds. The outcome is applied as a payment event, like a Stripe webhook.',
        body: sandboxPaySchema,
        response: okResponse(checkoutOutcomeSchema),
      },
    },
    async (request) => answerOutcome(await paySandboxCheckout({ ...ctx(request), input: request.body }, cardPayments)),
  );
};
