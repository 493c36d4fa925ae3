import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { childAttendanceSchema } from '@kikstart/contract/coach';
import { uuidParam } from '@kikstart/contract/common';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { familyOf } from '../children/children.service.ts';
import { childAttendance } from './attendance.service.ts';

/** A parent's view of their own child's attendance and pickups (issue 16). */
export const childAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/children/:childId/attendance',
    {
      onRequest: requireUser('parent'),
      schema: {
        tags: ['children'],
        summary: "A child's sessions: present, absent or late, and who picked them up when",
        params: z.object({ childId: uuidParam }),
        response: okResponse(childAttendanceSchema),
      },
    },
    async (request) =>
      ok(
        await childAttendance({
          db: app.db,
          familyId: familyOf(currentUser(request)),
          childId: request.params.childId,
        }),
      ),
  );
};
