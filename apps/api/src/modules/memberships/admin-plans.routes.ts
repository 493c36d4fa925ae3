import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '@kikstart/contract/common';
import {
  ADMIN_MONEY_MESSAGES,
  adminPlanListSchema,
  adminPlanSchema,
  adminPlanUpdateSchema,
} from '@kikstart/contract/admin-money';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listAdminPlans, updatePlan } from './admin-plans.service.ts';

/** Membership plans as staff run them: price, children covered, offered or not. */
export const adminPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/plans',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every membership plan with its live memberships',
        response: okResponse(adminPlanListSchema),
      },
    },
    async () => ok(await listAdminPlans(app.db)),
  );

  app.patch(
    '/admin/plans/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change a plan’s price, children covered or whether it is offered',
        description:
          'A new price applies to new memberships: current members renew at the price they joined at. A lower child limit applies when a child is next attached.',
        params: z.object({ id: uuidParam }),
        body: adminPlanUpdateSchema,
        response: okResponse(adminPlanSchema),
      },
    },
    async (request) => ok(await updatePlan(app.db, request.params.id, request.body), ADMIN_MONEY_MESSAGES.planSaved),
  );
};
