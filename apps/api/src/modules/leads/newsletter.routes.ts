import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEAD_SUCCESS,
  newsletterResultSchema,
  newsletterSignupSchema,
  newsletterTokenSchema,
} from '@kikstart/contract/leads';
import { ok, okResponse } from '../../lib/envelope.ts';
import { FORM_RATE_LIMIT, NEWSLETTER_TOKEN_RATE_LIMIT } from './lead-limits.ts';
import * as newsletter from './newsletter.service.ts';

/** The footer's newsletter sign-up with double opt-in, and the links its mails carry. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['newsletter'];
  const ctx = (): newsletter.NewsletterContext => ({
    db: app.db,
    now: app.clock.now(),
    publicUrl: app.config.publicUrl,
    staffEmail: app.config.staffEmail,
  });

  app.post(
    '/newsletter/add',
    {
      // Every case answers the same, so the form cannot be used to learn who is subscribed; a
      // filled honeypot too (plugins/honeypot.ts).
      config: {
        rateLimit: FORM_RATE_LIMIT,
        honeypot: { message: LEAD_SUCCESS.newsletterAdd, answer: (b) => ({ email: b.email }) },
      },
      schema: {
        tags,
        summary: 'Sign up for the newsletter (sends a confirmation mail)',
        body: newsletterSignupSchema,
        response: okResponse(newsletterResultSchema),
      },
    },
    async (request) => {
      const { email } = request.body;
      await newsletter.subscribe(ctx(), email, request.ip);
      return ok({ email }, LEAD_SUCCESS.newsletterAdd);
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      config: { rateLimit: NEWSLETTER_TOKEN_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Confirm a newsletter subscription',
        body: newsletterTokenSchema,
        response: okResponse(newsletterResultSchema),
      },
    },
    async (request) => {
      const { email, alreadyConfirmed } = await newsletter.confirmSubscription(ctx(), request.body.token);
      return ok({ email }, alreadyConfirmed ? LEAD_SUCCESS.newsletterAlreadyConfirmed : LEAD_SUCCESS.newsletterConfirm);
    },
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      config: { rateLimit: NEWSLETTER_TOKEN_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Unsubscribe from the newsletter',
        body: newsletterTokenSchema,
        response: okResponse(newsletterResultSchema),
      },
    },
    async (request) => ok(await newsletter.unsubscribe(ctx(), request.body.token), LEAD_SUCCESS.newsletterUnsubscribe),
  );
};
