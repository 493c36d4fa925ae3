import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nullData } from '@kikstart/contract/common';
import {
  CATALOG_MESSAGES,
  adminSchoolListQuery,
  adminSchoolPageSchema,
  adminSchoolSchema,
  idParams,
  schoolInputSchema,
} from '@kikstart/contract/admin-catalog';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './admin-schools.service.ts';

/** Staff keep the schools programs run at (and the partner schools the public site lists). */
export const adminSchoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/schools',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Schools with how many programs run at each: search, sort, page',
        querystring: adminSchoolListQuery,
        response: okResponse(adminSchoolPageSchema),
      },
    },
    async (request) => ok(await service.listAdminSchools(app.db, request.query)),
  );

  app.post(
    '/admin/schools',
    {
      onRequest,
      schema: { tags, summary: 'Add a school', body: schoolInputSchema, response: okResponse(adminSchoolSchema) },
    },
    async (request) =>
      ok(await service.createSchool(app.db, request.body, app.clock.now()), CATALOG_MESSAGES.created('School')),
  );

  app.put(
    '/admin/schools/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Edit a school',
        params: idParams,
        body: schoolInputSchema,
        response: okResponse(adminSchoolSchema),
      },
    },
    async (request) =>
      ok(await service.updateSchool(app.db, request.params.id, request.body), CATALOG_MESSAGES.saved('School')),
  );

  app.delete(
    '/admin/schools/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a school no program runs at (409 IN_USE otherwise)',
        params: idParams,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await service.deleteSchool(app.db, request.params.id);
      return ok(null, CATALOG_MESSAGES.deleted('School'));
    },
  );
};
