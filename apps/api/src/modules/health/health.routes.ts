import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations, pingDatabase } from '@kikstart/db';
import { ok, okResponse } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Probes: `/health` says the process is alive and answering (a restart helps only when it is
 * not); `/ready` says it should get traffic: the database answers, every migration is applied
 * and the process is not shutting down. A load balancer sends traffic by `/ready`, a supervisor
 * restarts by `/health`, so a database outage never restarts a healthy process.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readiness turns false first, so a load balancer stops sending before the server stops.
  app.addHook('preClose', async () => {
    app.shutdown.started = true;
  });

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: okResponse(z.object({ alive: z.literal(true) })),
      },
    },
    async () => ok({ alive: true as const }, 'ok'),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations applied, not shutting down',
        response: okResponse(z.object({ db: z.literal('up'), pendingMigrations: z.literal(0) })),
      },
    },
    async () => {
      if (app.shutdown.started) throw new AppError('SERVICE_UNAVAILABLE', 'Shutting down');
      let pending: number;
      try {
        await pingDatabase(app.db);
        pending = await pendingMigrations(app.db);
      } catch (err) {
        app.log.warn({ code: (err as { code?: string }).code }, 'readiness: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      if (pending > 0) throw new AppError('SERVICE_UNAVAILABLE', `${pending} database migration(s) not applied`);
      return ok({ db: 'up' as const, pendingMigrations: 0 as const }, 'ready');
    },
  );
};
