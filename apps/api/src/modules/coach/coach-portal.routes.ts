import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COACH_MESSAGES,
  attendanceInputSchema,
  coachChildParams,
  coachProgramParams,
  coachProgramSchema,
  coachSessionParams,
  coachSessionsSchema,
  pickupInputSchema,
  rosterSchema,
} from '@kikstart/contract/coach';
import { nullData } from '@kikstart/contract/common';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { addAuditSubjects } from '../../plugins/audit.ts';
import * as coachService from './coach.service.ts';
import * as attendanceService from './attendance.service.ts';

/**
 * The coach portal (issue 16): a coach's own programs, sessions, rosters, attendance and pickups;
 * an admin sees every program's. Never payments. Writes are audited by plugins/audit.ts.
 */
export const coachPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['coach'];
  const onRequest = requireUser('coach', 'admin');
  const context = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.db,
    user: currentUser(request),
    now: app.clock.now(),
  });

  app.get(
    '/coach/programs',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The programs I coach (every program for an admin), those with a session today first',
        response: okResponse(z.array(coachProgramSchema)),
      },
    },
    async (request) => ok(await coachService.listCoachPrograms(context(request))),
  );

  app.get(
    '/coach/programs/:programId/sessions',
    {
      onRequest,
      schema: {
        tags,
        summary: "A program's sessions: today, upcoming, past (skipped days listed apart)",
        params: coachProgramParams,
        response: okResponse(coachSessionsSchema),
      },
    },
    async (request) => ok(await coachService.listSessions({ ...context(request), ...request.params })),
  );

  app.get(
    '/coach/programs/:programId/sessions/:date/roster',
    {
      onRequest,
      // Allergies, medical notes and contacts: every staff read is written to the audit log.
      config: { audit: 'medical-read' },
      schema: {
        tags,
        summary: "A session's roster: allergies, medical notes, emergency contacts, pickup list, photo consent",
        params: coachSessionParams,
        response: okResponse(rosterSchema),
      },
    },
    async (request) => {
      const { programId, date } = request.params;
      const roster = await coachService.getRoster({ ...context(request), programId, day: date });
      addAuditSubjects(request, { childIds: roster.children.map((c) => c.id) });
      return ok(roster);
    },
  );

  app.put(
    '/coach/programs/:programId/sessions/:date/attendance/:childId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark a child present, absent or late (with an optional note)',
        params: coachChildParams,
        body: attendanceInputSchema,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      const { programId, date, childId } = request.params;
      await attendanceService.markAttendance({
        ...context(request),
        programId,
        day: date,
        childId,
        input: request.body,
      });
      return ok(null, COACH_MESSAGES.attendanceSaved);
    },
  );

  app.post(
    '/coach/programs/:programId/sessions/:date/pickup/:childId',
    {
      onRequest,
      schema: {
        tags,
        summary: "Record who collected a child and when: a guardian or someone on the child's pickup list only",
        params: coachChildParams,
        body: pickupInputSchema,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      const { programId, date, childId } = request.params;
      await attendanceService.recordPickup({ ...context(request), programId, day: date, childId, input: request.body });
      return ok(null, COACH_MESSAGES.pickupSaved);
    },
  );
};
