import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@kikstart/contract/admin-dashboard';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { dashboard } from './admin-dashboard.service.ts';

/** The staff console's home: how the business is doing over a range of days. Admins only. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      onRequest: requireUser('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Enrollments, revenue, program fill, waitlists and new leads for a range of days',
        description:
          'Days are YYYY-MM-DD where the programs run, both included, at most 2 years. Fill rate and waitlists are current (programs not yet over); the rest counts what happened in the range.',
        querystring: dashboardQuerySchema,
        response: okResponse(dashboardSchema),
      },
    },
    async (request) => ok(await dashboard({ db: app.db, now: app.clock.now(), range: request.query })),
  );
};
