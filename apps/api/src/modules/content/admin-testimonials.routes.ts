import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nullData } from '@kikstart/contract/common';
import {
  CATALOG_MESSAGES,
  adminOrderedListQuery,
  adminTestimonialPageSchema,
  adminTestimonialSchema,
  idParams,
  moveBody,
  testimonialInputSchema,
} from '@kikstart/contract/admin-catalog';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './admin-showcase.service.ts';

/** Staff write, hide, order and delete the testimonials the public site shows. */
export const adminTestimonialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/testimonials',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every testimonial, hidden or not, in public order: search, page',
        querystring: adminOrderedListQuery,
        response: okResponse(adminTestimonialPageSchema),
      },
    },
    async (request) => ok(await service.listAdminTestimonials(app.db, request.query)),
  );

  app.post(
    '/admin/testimonials',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a testimonial (last in the public order)',
        body: testimonialInputSchema,
        response: okResponse(adminTestimonialSchema),
      },
    },
    async (request) =>
      ok(
        await service.createTestimonial(app.db, request.body, app.clock.now()),
        CATALOG_MESSAGES.created('Testimonial'),
      ),
  );

  app.put(
    '/admin/testimonials/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Edit a testimonial, or hide or publish it',
        params: idParams,
        body: testimonialInputSchema,
        response: okResponse(adminTestimonialSchema),
      },
    },
    async (request) =>
      ok(
        await service.updateTestimonial(app.db, request.params.id, request.body),
        CATALOG_MESSAGES.saved('Testimonial'),
      ),
  );

  app.post(
    '/admin/testimonials/:id/move',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Move a testimonial one place up or down in the public order',
        params: idParams,
        body: moveBody,
        response: okResponse(adminTestimonialSchema),
      },
    },
    async (request) =>
      ok(await service.moveTestimonial(app.db, request.params.id, request.body.direction), CATALOG_MESSAGES.reordered),
  );

  app.delete(
    '/admin/testimonials/:id',
    {
      onRequest,
      schema: { tags, summary: 'Delete a testimonial', params: idParams, response: okResponse(nullData) },
    },
    async (request) => {
      await service.deleteTestimonial(app.db, request.params.id);
      return ok(null, CATALOG_MESSAGES.deleted('Testimonial'));
    },
  );
};
