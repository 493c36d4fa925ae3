import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_MESSAGES, checkoutOutcomeSchema, markReceivedSchema } from '@kikstart/contract/payments';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { markReceived } from './manual-payments.service.ts';

/** Staff's side of "pay at the office or by check": marking the money received. Admins only. */
export const manualPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/payments/mark-received',
    {
      onRequest: requireUser('admin'),
      schema: {
        tags: ['payments'],
        summary: 'Mark an office payment (cash or check) received: confirms the seats and mails the receipt',
        description:
          'Applied once per checkout: marking it again answers the paid checkout unchanged. The amount must be the checkout total (422 otherwise); a card checkout is 409.',
        body: markReceivedSchema,
        response: okResponse(checkoutOutcomeSchema),
      },
    },
    async (request) =>
      ok(
        await markReceived({
          db: app.db,
          now: app.clock.now(),
          publicUrl: app.config.publicUrl,
          input: request.body,
        }),
        PAYMENT_MESSAGES.manualReceived,
      ),
  );
};
