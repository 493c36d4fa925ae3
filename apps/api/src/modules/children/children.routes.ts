import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHILD_MESSAGES,
  CHILD_SUCCESS,
  childBasicInfoSchema,
  childBasicSchema,
  childIdBody,
  childIdQuery,
  childInputSchema,
  childSchema,
  childUpdateSchema,
} from '@kikstart/contract/children';
import { ok, okResponse } from '../../lib/envelope.ts';
import { multipartBody } from '../../lib/multipart-body.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import * as childrenService from './children.service.ts';

/** The photo form: the child's id and the picture, both required. */
const photoForm = multipartBody({
  fields: childIdBody,
  files: { photo: 'image' },
  required: { photo: CHILD_MESSAGES.photoRequired },
});

/** A parent's own children (spec §7 Children). Every call is scoped to the caller's family. */
export const childrenRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['children'];
  const onRequest = requireUser('parent');
  const family = (request: Parameters<typeof currentUser>[0]) => childrenService.familyOf(currentUser(request));
  // Each answer's photo links are signed for the time of the request.
  const requestContext = () => {
    const now = app.clock.now();
    return { db: app.db, now, fileUrls: app.files.urls(now) };
  };

  app.post(
    '/user/child/add',
    { onRequest, schema: { tags, summary: 'Add a child', body: childInputSchema, response: okResponse(childSchema) } },
    async (request) =>
      ok(
        await childrenService.addChild({ ...requestContext(), familyId: family(request), input: request.body }),
        CHILD_SUCCESS.added,
      ),
  );

  app.get(
    '/children/list',
    {
      onRequest,
      schema: {
        tags,
        summary: "The family's children with all their details",
        response: okResponse(z.array(childSchema)),
      },
    },
    async (request) => ok(await childrenService.listChildren({ ...requestContext(), familyId: family(request) })),
  );

  app.post(
    '/children/update',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Update a child (the whole form)',
        body: childUpdateSchema,
        response: okResponse(childSchema),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(
        await childrenService.updateChild({ ...requestContext(), familyId: family(request), id, input }),
        CHILD_SUCCESS.updated,
      );
    },
  );

  app.get(
    '/children/basic-list',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Id and name of each child, for pickers',
        response: okResponse(z.array(childBasicSchema)),
      },
    },
    async (request) => ok(await childrenService.listChildrenBasic({ db: app.db, familyId: family(request) })),
  );

  app.get(
    '/children/basic-info',
    {
      onRequest,
      schema: {
        tags,
        summary: "One child's identity and school",
        querystring: childIdQuery,
        response: okResponse(childBasicInfoSchema),
      },
    },
    async (request) =>
      ok(
        await childrenService.getChildBasicInfo({
          ...requestContext(),
          familyId: family(request),
          id: request.query.id,
        }),
      ),
  );

  // multipart/form-data: childId (text) + photo (JPEG or PNG, checked by its bytes, re-encoded).
  app.post(
    '/children/photo',
    {
      onRequest,
      preValidation: photoForm.preValidation,
      schema: {
        tags,
        summary: "Upload a child's photo (multipart: childId, photo)",
        consumes: ['multipart/form-data'],
        response: okResponse(childSchema),
      },
    },
    async (request) => {
      const { childId, photo } = photoForm.body(request);
      return ok(
        await childrenService.replaceChildPhoto({ ...photoOptions(), familyId: family(request), id: childId, photo }),
        CHILD_SUCCESS.photo,
      );
    },
  );

  app.post(
    '/children/photo/remove',
    {
      onRequest,
      schema: { tags, summary: "Remove a child's photo", body: childIdBody, response: okResponse(childSchema) },
    },
    async (request) =>
      ok(
        await childrenService.replaceChildPhoto({
          ...photoOptions(),
          familyId: family(request),
          id: request.body.childId,
          photo: null,
        }),
        CHILD_SUCCESS.photoRemoved,
      ),
  );

  function photoOptions() {
    const { db, now, fileUrls } = requestContext();
    return { db, now, files: { dir: app.files.dir, fileUrls } };
  }
};
