import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_MESSAGES,
  adminCoachListQuery,
  adminCoachPageSchema,
  adminCoachSchema,
  coachIdParams,
  coachProfileInputSchema,
} from '@kikstart/contract/admin-catalog';
import { ok, okResponse } from '../../lib/envelope.ts';
import { multipartBody } from '../../lib/multipart-body.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './admin-coaches.service.ts';

const photoForm = multipartBody({
  fields: z.object({}),
  files: { photo: 'image' },
  required: { photo: CATALOG_MESSAGES.imageRequired },
});

/** Coach profiles: the photo, bio and credentials families read on a program page. */
export const adminCoachesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/coaches',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Accounts with the coach role and their public profiles: search, sort, page',
        querystring: adminCoachListQuery,
        response: okResponse(adminCoachPageSchema),
      },
    },
    async (request) => ok(await service.listAdminCoaches(app.db, request.query)),
  );

  app.put(
    '/admin/coaches/:id/profile',
    {
      onRequest,
      schema: {
        tags,
        summary: "Save a coach's bio and credentials",
        params: coachIdParams,
        body: coachProfileInputSchema,
        response: okResponse(adminCoachSchema),
      },
    },
    async (request) =>
      ok(
        await service.saveCoachProfile(app.db, request.params.id, request.body, app.clock.now()),
        CATALOG_MESSAGES.saved('Profile'),
      ),
  );

  // multipart/form-data: photo (JPEG or PNG, checked by its bytes, re-encoded without metadata).
  app.post(
    '/admin/coaches/:id/photo',
    {
      onRequest,
      preValidation: photoForm.preValidation,
      schema: {
        tags,
        summary: "Replace a coach's public photo (multipart: photo)",
        consumes: ['multipart/form-data'],
        params: coachIdParams,
        response: okResponse(adminCoachSchema),
      },
    },
    async (request) =>
      ok(
        await service.replaceCoachPhoto(
          { db: app.db, now: app.clock.now(), uploadDir: app.config.uploadDir },
          request.params.id,
          photoForm.body(request).photo,
        ),
        CATALOG_MESSAGES.saved('Photo'),
      ),
  );
};
