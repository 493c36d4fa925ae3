import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COACH_MESSAGES,
  coachProgramParams,
  pickupRefusalSchema,
  skippedDateInputSchema,
  skippedDateParams,
  skippedDateSchema,
} from '@kikstart/contract/coach';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import * as skippedDates from './skipped-dates.service.ts';
import * as attendanceService from './attendance.service.ts';

/** How many refused pickups the admin list shows (the newest). */
const REFUSALS_SHOWN = 100;

/**
 * Admin side of sessions: days a program does not meet (holidays), and the refused pickups to
 * follow up. Admins only; audited by plugins/audit.ts like every staff write.
 */
export const sessionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');
  const skippedList = okResponse(z.array(skippedDateSchema));

  app.get(
    '/admin/programs/:programId/skipped-dates',
    {
      onRequest,
      schema: { tags, summary: "A program's skipped session days", params: coachProgramParams, response: skippedList },
    },
    async (request) =>
      ok(await skippedDates.listSkippedDates({ db: app.db, user: currentUser(request), ...request.params })),
  );

  app.post(
    '/admin/programs/:programId/skipped-dates',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Skip one of the program’s session days (a holiday): it is no longer a session',
        params: coachProgramParams,
        body: skippedDateInputSchema,
        response: skippedList,
      },
    },
    async (request) =>
      ok(
        await skippedDates.skipDate({
          db: app.db,
          user: currentUser(request),
          programId: request.params.programId,
          day: request.body.date,
          reason: request.body.reason,
        }),
        COACH_MESSAGES.skipped,
      ),
  );

  app.delete(
    '/admin/programs/:programId/skipped-dates/:date',
    {
      onRequest,
      schema: { tags, summary: 'Make a skipped day a session again', params: skippedDateParams, response: skippedList },
    },
    async (request) =>
      ok(
        await skippedDates.unskipDate({
          db: app.db,
          user: currentUser(request),
          programId: request.params.programId,
          day: request.params.date,
        }),
        COACH_MESSAGES.unskipped,
      ),
  );

  app.get(
    '/admin/pickup-refusals',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Pickups refused because the person was not on the child’s list, newest first',
        response: okResponse(z.array(pickupRefusalSchema)),
      },
    },
    async () => ok(await attendanceService.listPickupRefusals({ db: app.db, limit: REFUSALS_SHOWN })),
  );
};
