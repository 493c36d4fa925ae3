import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { PAYMENT_MESSAGES, webhookAckSchema } from '@kikstart/contract/payments';
import { ok, okResponse } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { applyStripeEvent } from './stripe-events.ts';
import { paymentEventApplier } from './payment-event-batch.ts';
import { settlePendingRefunds } from './refunds.ts';

/**
 * POST /stripe/webhook: Stripe's events (checkout.session.completed and .expired,
 * payment_intent.succeeded and .payment_failed, charge.refunded). Public, but nothing is believed
 * before the Stripe-Signature header is verified against the RAW body, so this route (and only
 * this one) keeps JSON bodies as the Buffer Stripe signed. Only when PAYMENT_GATEWAY=stripe.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stripeWebhookSecret } = app.config;
  // The app's one Stripe client and gateway (plugins/payment-gateways.ts).
  const { stripe, paymentGateway: gateway } = app;
  if (app.config.paymentGateway !== 'stripe' || !stripe || !stripeWebhookSecret) return;

  // On registration day the completed sessions' webhooks arrive together: applied together.
  const applyEvent = paymentEventApplier();

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/stripe/webhook',
    {
      // The body is read raw, so no body schema says what a refusal looks like.
      config: { openapi: { errors: ['WEBHOOK_SIGNATURE_INVALID', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] } },
      schema: {
        tags: ['payments'],
        summary: "Stripe's events, verified by signature and applied once",
        description:
          'Verified on the raw body with STRIPE_WEBHOOK_SECRET (a missing or wrong signature is 400 WEBHOOK_SIGNATURE_INVALID and changes nothing). Each event is stored by its id, so a replay or an event out of order changes nothing twice.',
        response: okResponse(webhookAckSchema),
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw))
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', PAYMENT_MESSAGES.webhookSignatureInvalid);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, stripeWebhookSecret);
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', PAYMENT_MESSAGES.webhookSignatureInvalid);
      }
      const now = app.clock.now();
      const outcome = await applyStripeEvent(
        { db: app.db, stripe, gateway, now, publicUrl: app.config.publicUrl, applyEvent },
        event,
      );
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
      // A seat lost to a late payment or an amount mismatch is refunded now rather than in a minute.
      await settlePendingRefunds({ db: app.db, gateway, now, log: request.log });
      return ok({ received: true as const });
    },
  );
};
