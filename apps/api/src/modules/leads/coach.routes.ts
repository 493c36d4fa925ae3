import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CV_FIELD,
  LEAD_MESSAGES,
  LEAD_SUCCESS,
  coachApplicationReceiptSchema,
  coachApplicationSchema,
} from '@kikstart/contract/leads';
import { ok, okResponse } from '../../lib/envelope.ts';
import { multipartBody } from '../../lib/multipart-body.ts';
import { fakeReceipt } from '../../plugins/honeypot.ts';
import { FORM_RATE_LIMIT } from './lead-limits.ts';
import { assertPrivateDirNotPublic, createCoachApplication } from './coach-application.ts';

/** The application form; the CV is checked by its bytes (PDF, DOC, DOCX or XLSX) and size while it is read. */
const applicationForm = multipartBody({
  fields: coachApplicationSchema,
  files: { [CV_FIELD]: 'document' },
  required: { [CV_FIELD]: LEAD_MESSAGES.cv },
});

/** Becoming a coach: the public application with a CV (the signed-in role request is in modules/auth). */
export const coachRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['leads'];
  assertPrivateDirNotPublic(app.config);

  app.post(
    '/become-a-coach/submit',
    {
      config: {
        rateLimit: FORM_RATE_LIMIT,
        honeypot: { message: LEAD_SUCCESS.coachApplication, answer: () => ({ ...fakeReceipt(), cvKept: true }) },
      },
      preValidation: applicationForm.preValidation,
      schema: {
        tags,
        summary:
          'Apply to coach (multipart/form-data: name, email, phone, experience, sports, website, and the CV file as "cv")',
        consumes: ['multipart/form-data'],
        response: okResponse(coachApplicationReceiptSchema),
      },
    },
    async (request) => {
      const { [CV_FIELD]: cv, ...input } = applicationForm.body(request);
      const receipt = await createCoachApplication({
        db: app.db,
        staffEmail: app.config.staffEmail,
        ip: request.ip,
        config: app.config,
        now: app.clock.now(),
        input,
        cv,
      });
      return ok(receipt, receipt.cvKept ? LEAD_SUCCESS.coachApplication : LEAD_SUCCESS.coachApplicationWithoutCv);
    },
  );
};
