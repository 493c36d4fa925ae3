import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_MESSAGES, calendarFeedSchema } from '@kikstart/contract/calendar';
import { ok, okResponse } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import * as calendar from './calendar.service.ts';

/** iCalendar subscription of the family's sessions behind a secret URL. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calendar'];
  const onRequest = requireUser('parent');

  app.get(
    '/calendar/feed-url',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The secret iCalendar feed URL (made on first use)',
        response: okResponse(calendarFeedSchema),
      },
    },
    async (request) =>
      ok(await calendar.getFeedUrl({ db: app.db, userId: currentUser(request).id, publicUrl: app.config.publicUrl })),
  );

  app.post(
    '/calendar/feed-url/rotate',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Replace the feed URL; the old one stops working',
        response: okResponse(calendarFeedSchema),
      },
    },
    async (request) =>
      ok(
        await calendar.rotateFeedUrl({
          db: app.db,
          now: app.clock.now(),
          userId: currentUser(request).id,
          publicUrl: app.config.publicUrl,
        }),
        CALENDAR_MESSAGES.rotated,
      ),
  );

  // Public: calendar apps cannot send headers; the secret in the URL is the credential.
  app.get(
    '/calendar/:file',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, summary: 'iCalendar feed (text/calendar)', params: z.object({ file: z.string().max(100) }) },
    },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      if (!match) throw new AppError('NOT_FOUND', CALENDAR_MESSAGES.feedNotFound);
      const body = await calendar.renderFeed({ db: app.db, now: app.clock.now(), token: match[1]! });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="kikstart.ics"')
        .send(body);
    },
  );
};
