import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '@kikstart/contract/common';
import {
  ADMIN_MONEY_MESSAGES,
  declineRequestSchema,
  emptyStrictBody,
  refundRequestPageSchema,
  refundRequestQuerySchema,
  refundRequestSchema,
} from '@kikstart/contract/admin-money';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { approveRefundRequest, declineRefundRequest, listRefundRequests } from './admin-refund-requests.service.ts';

const idParams = z.object({ id: uuidParam });

/** Drop-outs after the first session ask for a refund (refunds.ts refundOnDropOut); staff decide. */
export const adminRefundRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');
  const gateway = app.paymentGateway;

  app.get(
    '/admin/refund-requests',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Drop-out refund requests (filter by status, search by family email)',
        querystring: refundRequestQuerySchema,
        response: okResponse(refundRequestPageSchema),
      },
    },
    async (request) => ok(await listRefundRequests(app.db, request.query)),
  );

  app.post(
    '/admin/refund-requests/:id/approve',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Approve: the seat’s payment is refunded through the gateway and the family mailed',
        params: idParams,
        body: emptyStrictBody,
        response: okResponse(refundRequestSchema),
      },
    },
    async (request) =>
      ok(
        await approveRefundRequest({
          db: app.db,
          gateway,
          now: app.clock.now(),
          staffId: currentUser(request).id,
          id: request.params.id,
          log: request.log,
        }),
        ADMIN_MONEY_MESSAGES.requestApproved,
      ),
  );

  app.post(
    '/admin/refund-requests/:id/decline',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Decline with a reason, which is mailed to the family',
        params: idParams,
        body: declineRequestSchema,
        response: okResponse(refundRequestSchema),
      },
    },
    async (request) =>
      ok(
        await declineRefundRequest({
          db: app.db,
          now: app.clock.now(),
          staffId: currentUser(request).id,
          id: request.params.id,
          reason: request.body.reason,
        }),
        ADMIN_MONEY_MESSAGES.requestDeclined,
      ),
  );
};
