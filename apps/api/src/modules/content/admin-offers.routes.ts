import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nullData } from '@kikstart/contract/common';
import {
  CATALOG_MESSAGES,
  adminOrderedListQuery,
  adminOfferPageSchema,
  adminOfferSchema,
  idParams,
  moveBody,
  offerInputSchema,
} from '@kikstart/contract/admin-catalog';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './admin-showcase.service.ts';

/** Staff write, hide, order and delete the offers the public site shows. */
export const adminOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/offers',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every offer, hidden or not, in public order: search, page',
        querystring: adminOrderedListQuery,
        response: okResponse(adminOfferPageSchema),
      },
    },
    async (request) => ok(await service.listAdminOffers(app.db, request.query)),
  );

  app.post(
    '/admin/offers',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a offer (last in the public order)',
        body: offerInputSchema,
        response: okResponse(adminOfferSchema),
      },
    },
    async (request) =>
      ok(await service.createOffer(app.db, request.body, app.clock.now()), CATALOG_MESSAGES.created('Offer')),
  );

  app.put(
    '/admin/offers/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Edit a offer, or hide or publish it',
        params: idParams,
        body: offerInputSchema,
        response: okResponse(adminOfferSchema),
      },
    },
    async (request) =>
      ok(await service.updateOffer(app.db, request.params.id, request.body), CATALOG_MESSAGES.saved('Offer')),
  );

  app.post(
    '/admin/offers/:id/move',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Move a offer one place up or down in the public order',
        params: idParams,
        body: moveBody,
        response: okResponse(adminOfferSchema),
      },
    },
    async (request) =>
      ok(await service.moveOffer(app.db, request.params.id, request.body.direction), CATALOG_MESSAGES.reordered),
  );

  app.delete(
    '/admin/offers/:id',
    {
      onRequest,
      schema: { tags, summary: 'Delete a offer', params: idParams, response: okResponse(nullData) },
    },
    async (request) => {
      await service.deleteOffer(app.db, request.params.id);
      return ok(null, CATALOG_MESSAGES.deleted('Offer'));
    },
  );
};
