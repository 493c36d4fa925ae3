import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CV_FIELD, LEAD_MESSAGES, LEAD_SUCCESS, coachApplicationReceiptSchema, coachApplicationSchema, coachRoleRequestSchema, leadReceiptSchema,
} from '@kikstart/contract/leads';
import { ok, okResponse } from '../../lib/envelope.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { fieldErrors, validationError } from '../../lib/validate.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { COACH_ROLE_REQUEST_RATE_LIMIT, FORM_RATE_LIMIT } from './lead-limits.ts';
import { fakeReceipt, isHoneypotFilled } from './lead-mail.ts';
import { assertPrivateDirNotPublic, createCoachApplication } from './coach-application.ts';
import { requestCoachRole } from '../auth/coach-role-request.ts';

/** Becoming a coach: the public application with a CV, and a signed-in user's role request. */
export const coachRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['leads'];
  assertPrivateDirNotPublic(app.config);

  app.post(
    '/become-a-coach/submit',
    {
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Apply to coach (multipart/form-data: name, email, phone, experience, sports, website, and the CV file as "cv")',
        consumes: ['multipart/form-data'],
        response: okResponse(coachApplicationReceiptSchema),
      },
    },
    async (request) => {
      // The CV is checked by its bytes (PDF, DOC, DOCX or XLSX) and size while it is read.
      const form = await readMultipartForm(request, { [CV_FIELD]: 'document' });
      const parsed = coachApplicationSchema.safeParse(form.fields);
      const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      const cv = form.files[CV_FIELD];
      if (!cv) errors[CV_FIELD] = LEAD_MESSAGES.cv;
      if (!parsed.success || !cv) throw validationError(errors);
      if (isHoneypotFilled(parsed.data.website)) return ok({ ...fakeReceipt(), cvKept: true }, LEAD_SUCCESS.coachApplication);
      const receipt = await createCoachApplication(
        { db: app.db, staffEmail: app.config.staffEmail, ip: request.ip, config: app.config, now: app.clock.now() },
        parsed.data,
        cv,
      );
      return ok(receipt, receipt.cvKept ? LEAD_SUCCESS.coachApplication : LEAD_SUCCESS.coachApplicationWithoutCv);
    },
  );

  app.post(
    '/user/coach/request',
    {
      config: { rateLimit: COACH_ROLE_REQUEST_RATE_LIMIT },
      // Authentication runs before validation, so a signed-out visitor gets 401, not field errors.
      onRequest: requireUser(),
      schema: { tags, summary: 'Ask for the coach role (signed in)', body: coachRoleRequestSchema, response: okResponse(leadReceiptSchema) },
    },
    async (request) => {
      const user = currentUser(request);
      const receipt = await requestCoachRole({ db: app.db, staffEmail: app.config.staffEmail, userId: user.id, message: request.body.message });
      return ok(receipt, LEAD_SUCCESS.coachRoleRequest);
    },
  );
};
