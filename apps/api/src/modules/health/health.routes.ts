import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '@kikstart/db';
import { ok, okResponse } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: okResponse(z.object({ db: z.literal('up') })),
      },
    },
    async () => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        app.log.error({ err }, 'database ping failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return ok({ db: 'up' as const }, 'ok');
    },
  );
};
