import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nullData } from '@kikstart/contract/common';
import {
  CATALOG_MESSAGES,
  adminProgramListQuery,
  adminProgramPageSchema,
  adminProgramSchema,
  coachOptionSchema,
  programIdParams,
  programImageFields,
  programInputSchema,
  publishBody,
} from '@kikstart/contract/admin-catalog';
import { ok, okResponse } from '../../lib/envelope.ts';
import { multipartBody } from '../../lib/multipart-body.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './admin-programs.service.ts';

/** The program picture form: the picture (JPEG or PNG, re-encoded) and what it shows. */
const imageForm = multipartBody({
  fields: programImageFields,
  files: { image: 'image' },
  required: { image: CATALOG_MESSAGES.imageRequired },
});

/** Staff run the catalog's programs: every field the public page shows, seats and publishing. */
export const adminProgramsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');
  const ctx = () => ({ db: app.db, now: app.clock.now(), publicUrl: app.config.publicUrl });

  app.get(
    '/admin/programs',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every program, published or not: search, filter by published or school, sort, page',
        querystring: adminProgramListQuery,
        response: okResponse(adminProgramPageSchema),
      },
    },
    async (request) => ok(await service.listAdminPrograms(app.db, request.query)),
  );

  app.get(
    '/admin/programs/coaches',
    {
      onRequest,
      schema: {
        tags,
        summary: "The program form's coach choices: accounts with the coach role",
        response: okResponse(z.array(coachOptionSchema)),
      },
    },
    async () => ok(await service.listCoachOptions(app.db)),
  );

  app.get(
    '/admin/programs/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One program as the edit form loads it, with seats taken and the waitlist',
        params: programIdParams,
        response: okResponse(adminProgramSchema),
      },
    },
    async (request) => ok(await service.getAdminProgram(app.db, request.params.id)),
  );

  app.post(
    '/admin/programs',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a program (unpublished until staff publish it)',
        body: programInputSchema,
        response: okResponse(adminProgramSchema),
      },
    },
    async (request) => ok(await service.createProgram(ctx(), request.body), CATALOG_MESSAGES.created('Program')),
  );

  app.put(
    '/admin/programs/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Save a program: raising capacity offers the new seats to the waitlist',
        description:
          'Capacity below the seats taken answers 409 CAPACITY_BELOW_TAKEN naming them. The answer message says how many waitlisted families were offered a seat.',
        params: programIdParams,
        body: programInputSchema,
        response: okResponse(adminProgramSchema),
      },
    },
    async (request) => {
      const { program, offered } = await service.updateProgram(ctx(), request.params.id, request.body);
      const saved = CATALOG_MESSAGES.saved('Program');
      return ok(program, offered ? `${saved}. ${CATALOG_MESSAGES.offeredSeats(offered)}` : saved);
    },
  );

  app.post(
    '/admin/programs/:id/published',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Publish or unpublish a program (enrollments stay either way)',
        params: programIdParams,
        body: publishBody,
        response: okResponse(adminProgramSchema),
      },
    },
    async (request) =>
      ok(
        await service.setPublished(app.db, request.params.id, request.body.published, app.clock.now()),
        request.body.published ? CATALOG_MESSAGES.published : CATALOG_MESSAGES.unpublished,
      ),
  );

  // multipart/form-data: image (JPEG or PNG, checked by its bytes, re-encoded) + imageAlt (text).
  app.post(
    '/admin/programs/:id/image',
    {
      onRequest,
      preValidation: imageForm.preValidation,
      schema: {
        tags,
        summary: "Replace a program's picture (multipart: image, imageAlt)",
        consumes: ['multipart/form-data'],
        params: programIdParams,
        response: okResponse(adminProgramSchema),
      },
    },
    async (request) => {
      const { image, imageAlt } = imageForm.body(request);
      return ok(
        await service.replaceProgramImage(
          { db: app.db, now: app.clock.now(), uploadDir: app.config.uploadDir },
          request.params.id,
          image,
          imageAlt,
        ),
        CATALOG_MESSAGES.saved('Picture'),
      );
    },
  );

  app.delete(
    '/admin/programs/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a program nobody enrolled in (409 IN_USE otherwise: unpublish it instead)',
        params: programIdParams,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await service.deleteProgram({ db: app.db, uploadDir: app.config.uploadDir }, request.params.id);
      return ok(null, CATALOG_MESSAGES.deleted('Program'));
    },
  );
};
