import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_MESSAGES, coachProfileInputSchema } from '@kikstart/contract/admin-catalog';
import { coachProfileSchema } from '@kikstart/contract/coach';
import { ok, okResponse } from '../../lib/envelope.ts';
import { multipartBody } from '../../lib/multipart-body.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import * as coachProfiles from '../programs/admin-coaches.service.ts';

const photoForm = multipartBody({
  fields: z.object({}),
  files: { photo: 'image' },
  required: { photo: CATALOG_MESSAGES.imageRequired },
});

/**
 * The coach's own public profile (issue 16): the photo, bio and credentials families read on the
 * pages of the programs they coach. The same record, rules and service as the staff console's
 * coach form (programs/admin-coaches.*); the account is always the signed-in coach, never an id
 * from the request. Coaches only: an admin without the coach role has no profile to edit here
 * (they edit any coach's in the console). Writes are audited by plugins/audit.ts (/api/coach/...).
 */
export const coachProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['coach'];
  const onRequest = requireUser('coach');

  app.get(
    '/coach/profile',
    {
      onRequest,
      schema: { tags, summary: 'My public coach profile', response: okResponse(coachProfileSchema) },
    },
    async (request) => ok(await coachProfiles.getCoachProfile(app.db, currentUser(request).id)),
  );

  app.put(
    '/coach/profile',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Save my bio and credentials (shown on the pages of the programs I coach)',
        body: coachProfileInputSchema,
        response: okResponse(coachProfileSchema),
      },
    },
    async (request) =>
      ok(
        await coachProfiles.saveCoachProfile(app.db, currentUser(request).id, request.body, app.clock.now()),
        CATALOG_MESSAGES.saved('Profile'),
      ),
  );

  // multipart/form-data: photo (JPEG or PNG, checked by its bytes, re-encoded without metadata).
  app.post(
    '/coach/profile/photo',
    {
      onRequest,
      preValidation: photoForm.preValidation,
      schema: {
        tags,
        summary: 'Replace my public photo (multipart: photo)',
        consumes: ['multipart/form-data'],
        response: okResponse(coachProfileSchema),
      },
    },
    async (request) =>
      ok(
        await coachProfiles.replaceCoachPhoto(
          { db: app.db, now: app.clock.now(), uploadDir: app.config.uploadDir },
          currentUser(request).id,
          photoForm.body(request).photo,
        ),
        CATALOG_MESSAGES.saved('Photo'),
      ),
  );
};
