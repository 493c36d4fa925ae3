import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuery, pagedSchema, uuidParam } from '@kikstart/contract/common';
import { devMailSchema } from '@kikstart/contract/auth';
import { ok, okResponse } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { getMail, listMailbox } from './dev-mailbox.service.ts';

/**
 * The dev mailbox: every queued or sent mail, readable without an SMTP server. Served only when
 * mail really stays here (config.devMailbox: no SMTP_URL and not production); otherwise both
 * routes answer 404 before any work, since with SMTP configured this would be a public copy of
 * every reset code and sign-in link that left for a real inbox.
 * Unauthenticated on purpose, like the embedded demo's published demo passwords.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dev'];
  app.addHook('onRequest', async () => {
    if (!app.config.devMailbox) throw new AppError('NOT_FOUND', 'Not found');
  });

  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags,
        summary: 'Dev mailbox: mails newest first (development only)',
        querystring: pageQuery,
        response: okResponse(pagedSchema(devMailSchema)),
      },
    },
    async (request) => ok(await listMailbox({ db: app.db, ...request.query })),
  );

  app.get(
    '/dev/mailbox/:id',
    {
      schema: {
        tags,
        summary: 'Dev mailbox: one mail (development only)',
        params: z.object({ id: uuidParam }),
        response: okResponse(devMailSchema),
      },
    },
    async (request) => ok(await getMail({ db: app.db, id: request.params.id })),
  );
};
