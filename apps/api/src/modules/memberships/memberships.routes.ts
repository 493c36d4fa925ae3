import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEMBERSHIP_MESSAGES,
  billingSchema,
  childIdBody,
  emptyBody,
  planCheckoutSchema,
  planIdBody,
  planListSchema,
  subscriptionChangeSchema,
  subscriptionCreateSchema,
  subscriptionInitiateSchema,
  subscriptionOutcomeSchema,
} from '@kikstart/contract/memberships';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { COUPON_RATE_LIMIT, paymentContextOf } from '../payments/payments.routes.ts';
import { listPlans } from './plans.service.ts';
import { confirmPlanCheckout, initiatePlanCheckout } from './subscribe.service.ts';
import { attachChild, detachChild } from './covered-children.service.ts';
import { cancelMembership, upgradeMembership } from './billing.service.ts';
import { getBilling } from './subscription-view.ts';

const outcomeMessage = {
  open: MEMBERSHIP_MESSAGES.paymentOpen,
  paid: MEMBERSHIP_MESSAGES.created,
  failed: MEMBERSHIP_MESSAGES.paymentFailed,
  expired: MEMBERSHIP_MESSAGES.paymentEnded,
  cancelled: MEMBERSHIP_MESSAGES.paymentEnded,
} as const;

/**
 * Memberships ("super parent" plans): the plans, buying one through the gateway (initiate, then
 * create when the parent returns), attaching and detaching children, cancelling at the period
 * end and upgrading. Renewals run in the memberships worker. docs/decisions/0015-memberships.md.
 */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['memberships'];
  const onRequest = requireUser('parent');
  const ctx = paymentContextOf(app, app.paymentGateway);

  app.get(
    '/membership-pan/list',
    {
      schema: {
        tags,
        summary: 'The membership plans: price, interval, children covered, programs covered, features',
        response: okResponse(planListSchema),
      },
    },
    async () => ok(await listPlans(app.db)),
  );

  app.get(
    '/stripe-subscription/details',
    {
      onRequest,
      schema: {
        tags,
        summary: "The family's membership: plan, covered children, next charge, a failed renewal",
        response: okResponse(billingSchema),
      },
    },
    async (request) => {
      const { db, familyId } = ctx(request);
      return ok(await getBilling({ db, familyId }));
    },
  );

  app.post(
    '/stripe-subscription/initiate',
    {
      onRequest,
      config: { rateLimit: COUPON_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Start buying a plan (step 1 of 2)',
        description:
          "Prices the plan on the server (with an optional membership coupon, reserved under its row lock), stores the checkout and opens the gateway's payment page in subscription mode, which saves the card for renewals. Answers redirectUrl. A family with a membership changes it instead (409 ALREADY_SUBSCRIBED).",
        body: subscriptionInitiateSchema,
        response: okResponse(planCheckoutSchema),
      },
    },
    async (request) =>
      ok(await initiatePlanCheckout({ ...ctx(request), input: request.body }), 'Your payment is ready'),
  );

  app.post(
    '/stripe-subscription/create',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Confirm a plan when the parent returns from the payment page (step 2 of 2)',
        description:
          'Reads the outcome from the gateway (never from the browser) and applies it once: paid starts the membership for one interval; failed says why. `cancel: true` ends an unpaid checkout (the parent gave up). 200 for every outcome; `state` says which.',
        body: subscriptionCreateSchema,
        response: okResponse(subscriptionOutcomeSchema),
      },
    },
    async (request) => {
      const outcome = await confirmPlanCheckout({ ...ctx(request), ...request.body });
      return ok(
        outcome,
        outcome.state === 'failed' && outcome.failureReason ? outcome.failureReason : outcomeMessage[outcome.state],
      );
    },
  );

  app.post(
    '/stripe-subscription/enroll-super-child',
    {
      onRequest,
      schema: {
        tags,
        summary: "Attach a child to the family's membership (up to the plan's limit)",
        description:
          "The child's enrollments in covered programs are then confirmed with no payment, including seats already held. 409 CHILD_LIMIT at the plan's limit (counted under the membership's row lock); another family's child is 404.",
        body: childIdBody,
        response: okResponse(subscriptionChangeSchema),
      },
    },
    async (request) => {
      const { subscription, message } = await attachChild({ ...ctx(request), childId: request.body.childId });
      return ok({ subscription }, message);
    },
  );

  app.post(
    '/stripe-subscription/detach-child',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Stop covering a child, freeing a place on the plan for another',
        description: 'Seats the membership paid for become held seats to pay for within 7 days (mailed).',
        body: childIdBody,
        response: okResponse(subscriptionChangeSchema),
      },
    },
    async (request) => {
      const { subscription, message } = await detachChild({ ...ctx(request), childId: request.body.childId });
      return ok({ subscription }, message);
    },
  );

  app.post(
    '/stripe-subscription/cancel',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Cancel the membership at the end of the paid period (the message says the date)',
        description:
          'Covered enrollments stay confirmed until then; after it, each becomes a held seat with a Pay button and a mail, released if not paid within 7 days. A membership whose renewal is failing ends now.',
        body: emptyBody,
        response: okResponse(subscriptionChangeSchema),
      },
    },
    async (request) => {
      const { subscription, message } = await cancelMembership(ctx(request));
      return ok({ subscription }, message);
    },
  );

  app.post(
    '/stripe-subscription/upgrade',
    {
      onRequest,
      config: { openapi: { errors: ['PAYMENT_DECLINED'] } },
      schema: {
        tags,
        summary: 'Move to a longer plan (monthly to yearly) on the same membership, prorated',
        description:
          "Charges the saved card the new plan's price less the unused part of the current period; a new period starts today. 402 PAYMENT_DECLINED when the card is declined (nothing changes).",
        body: planIdBody,
        response: okResponse(subscriptionChangeSchema),
      },
    },
    async (request) => {
      const { subscription, message } = await upgradeMembership({ ...ctx(request), planId: request.body.planId });
      return ok({ subscription }, message);
    },
  );
};
