import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENROLLMENT_MESSAGES,
  checkEnrollmentQuery,
  childProgramListQuery,
  dropOutSchema,
  enrollmentCheckSchema,
  enrollmentCreateSchema,
  enrollmentIdBody,
  enrollmentListQuery,
  enrollmentSchema,
} from '@kikstart/contract/enrollments';
import { pagedSchema } from '@kikstart/contract/common';
import { CONFIRMED_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { familyOf } from '../children/children.service.ts';
import { checkEnrollment } from './enrollment-check.ts';
import * as enrollmentsService from './enrollments.service.ts';

/** Enrollment wizard, waitlist offers and drop-out; every call is scoped to the caller's family. */
export const enrollmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['enrollments'];
  const onRequest = requireUser('parent');
  const ctx = (request: FastifyRequest): enrollmentsService.EnrollmentContext => {
    const user = currentUser(request);
    return {
      db: app.db,
      familyId: familyOf(user),
      userId: user.id,
      publicUrl: app.config.publicUrl,
      now: app.clock.now(),
    };
  };

  app.post(
    '/enrollments/create',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Enroll a child (or join the waitlist when full)',
        body: enrollmentCreateSchema,
        response: okResponse(enrollmentSchema),
      },
    },
    async (request) => {
      const enrollment = await enrollmentsService.createEnrollment(ctx(request), request.body);
      return ok(
        enrollment,
        enrollment.status === WAITLIST_STATUS
          ? ENROLLMENT_MESSAGES.waitlisted
          : enrollment.status === CONFIRMED_STATUS
            ? ENROLLMENT_MESSAGES.coveredByPlan
            : ENROLLMENT_MESSAGES.created,
      );
    },
  );

  app.get(
    '/enrollments/list',
    {
      onRequest,
      schema: {
        tags,
        summary: "The family's enrollments",
        querystring: enrollmentListQuery,
        response: okResponse(pagedSchema(enrollmentSchema)),
      },
    },
    async (request) => ok(await enrollmentsService.listFamilyEnrollments(ctx(request), request.query)),
  );

  app.post(
    '/enrollments/accept-offer',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Accept a waitlist seat offer',
        body: enrollmentIdBody,
        response: okResponse(enrollmentSchema),
      },
    },
    async (request) =>
      ok(
        await enrollmentsService.acceptOffer(ctx(request), request.body.enrollmentId),
        ENROLLMENT_MESSAGES.offerAccepted,
      ),
  );

  app.post(
    '/enrollments/decline-offer',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Decline a waitlist seat offer',
        body: enrollmentIdBody,
        response: okResponse(enrollmentSchema),
      },
    },
    async (request) =>
      ok(
        await enrollmentsService.declineOffer(ctx(request), request.body.enrollmentId),
        ENROLLMENT_MESSAGES.offerDeclined,
      ),
  );

  app.post(
    '/children/drop-out',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Withdraw a child from a program (or leave its waitlist)',
        body: dropOutSchema,
        response: okResponse(enrollmentSchema),
      },
    },
    async (request) =>
      ok(
        await enrollmentsService.dropOut(ctx(request), request.body.enrollmentId, request.body.reason),
        ENROLLMENT_MESSAGES.dropped,
      ),
  );

  app.get(
    '/children/program-list',
    {
      onRequest,
      schema: {
        tags,
        summary: "A child's enrollments",
        querystring: childProgramListQuery,
        response: okResponse(z.array(enrollmentSchema)),
      },
    },
    async (request) => ok(await enrollmentsService.listChildEnrollments(ctx(request), request.query.childId)),
  );

  app.get(
    '/children/check-program-enrollment',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Is this child enrolled, waitlisted or eligible, and why not',
        querystring: checkEnrollmentQuery,
        response: okResponse(enrollmentCheckSchema),
      },
    },
    async (request) => {
      const { db, familyId, now } = ctx(request);
      return ok(
        await checkEnrollment({
          db,
          now,
          familyId,
          childId: request.query.childId,
          programId: request.query.programId,
        }),
      );
    },
  );
};
