import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEAD_SUCCESS, coachRoleRequestSchema, leadReceiptSchema } from '@kikstart/contract/leads';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { requestCoachRole } from './coach-role-request.ts';
import { COACH_ROLE_REQUEST_RATE_LIMIT } from './user-limits.ts';

/** A signed-in user asks for the coach role (the public application is leads/coach.routes.ts). */
export const coachRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The OpenAPI group it has always had: the web's "become a coach" page sends both.
  const tags = ['leads'];

  app.post(
    '/user/coach/request',
    {
      config: { rateLimit: COACH_ROLE_REQUEST_RATE_LIMIT },
      // Authentication runs before validation, so a signed-out visitor gets 401, not field errors.
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'Ask for the coach role (signed in)',
        body: coachRoleRequestSchema,
        response: okResponse(leadReceiptSchema),
      },
    },
    async (request) => {
      const receipt = await requestCoachRole({
        db: app.db,
        staffEmail: app.config.staffEmail,
        userId: currentUser(request).id,
        message: request.body.message,
      });
      return ok(receipt, LEAD_SUCCESS.coachRoleRequest);
    },
  );
};
