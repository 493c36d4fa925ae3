import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '@kikstart/contract/common';
import {
  ADMIN_MONEY_MESSAGES,
  adminTransactionPageSchema,
  adminTransactionQuerySchema,
  adminTransactionSchema,
  emptyStrictBody,
  officePaymentPageSchema,
  officePaymentQuerySchema,
  refundSchema,
} from '@kikstart/contract/admin-money';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { listAdminTransactions, markRefundHandedBack, refundPayment } from './admin-transactions.service.ts';
import { listOfficePayments } from './admin-office-payments.service.ts';

const idParams = z.object({ id: uuidParam });

/** Staff's money desk: every transaction, refunds through the gateway, office payments waiting. */
export const adminTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');
  const gateway = app.paymentGateway;

  app.get(
    '/admin/transactions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Transactions of every family: filter by kind, status, dates and family; search by email or reference',
        querystring: adminTransactionQuerySchema,
        response: okResponse(adminTransactionPageSchema),
      },
    },
    async (request) => ok(await listAdminTransactions(app.db, request.query)),
  );

  app.post(
    '/admin/transactions/:id/refund',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Refund part or all of a payment through its gateway, with a reason; the family is mailed',
        description:
          'The amount is at most what is left of the payment after earlier refunds (422 otherwise). The same requestId answers the first refund again, so a double click refunds once. An office payment’s refund stays pending until staff mark it handed back.',
        params: idParams,
        body: refundSchema,
        response: okResponse(adminTransactionSchema),
      },
    },
    async (request) => {
      const { refund, message } = await refundPayment({
        db: app.db,
        gateway,
        now: app.clock.now(),
        staffId: currentUser(request).id,
        transactionId: request.params.id,
        input: request.body,
        log: request.log,
      });
      return ok(refund, message);
    },
  );

  app.post(
    '/admin/transactions/:id/handed-back',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark an office payment’s pending refund as handed back in person',
        params: idParams,
        body: emptyStrictBody,
        response: okResponse(adminTransactionSchema),
      },
    },
    async (request) =>
      ok(
        await markRefundHandedBack({ db: app.db, now: app.clock.now(), transactionId: request.params.id }),
        ADMIN_MONEY_MESSAGES.refundHandedBack,
      ),
  );

  app.get(
    '/admin/office-payments',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Office payments (cash or check) waiting for the money: mark them received with POST /admin/payments/mark-received',
        querystring: officePaymentQuerySchema,
        response: okResponse(officePaymentPageSchema),
      },
    },
    async (request) => ok(await listOfficePayments(app.db, request.query, app.clock.now())),
  );
};
