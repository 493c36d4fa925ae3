import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CONTENT_MESSAGES,
  STRUCTURED_EDIT_SCHEMAS,
  adminContentPageListSchema,
  adminContentPageSchema,
  contentKeyParams,
  markdownPageEditSchema,
  waiverPublishSchema,
  waiverVersionListQuerySchema,
  waiverVersionPageSchema,
  waiverVersionParams,
  waiverVersionSchema,
  type StructuredContent,
} from '@kikstart/contract/admin-content';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { addAuditSubjects } from '../../plugins/audit.ts';
import * as content from './admin-content.service.ts';

/** Staff console: site copy, structured page parts and waiver versions (issue 15). Admins only. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/content/pages',
    {
      onRequest,
      schema: { tags, summary: 'Editable content pages', response: okResponse(adminContentPageListSchema) },
    },
    async () => ok(await content.listPages(app.db)),
  );
  app.get(
    '/admin/content/pages/:key',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One content page with its hidden list items',
        params: contentKeyParams,
        response: okResponse(adminContentPageSchema),
      },
    },
    async (request) => ok(await content.getPage(app.db, request.params.key)),
  );
  app.put(
    '/admin/content/pages/:key',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Save a Markdown page: title, description and body',
        description: '409 when someone saved the page after `version` was read; the waiver has its own versions.',
        params: contentKeyParams,
        body: markdownPageEditSchema,
        response: okResponse(adminContentPageSchema),
      },
    },
    async (request) =>
      ok(
        await content.saveMarkdownPage({
          db: app.db,
          now: app.clock.now(),
          key: request.params.key,
          input: request.body,
        }),
        CONTENT_MESSAGES.saved,
      ),
  );

  for (const [part, body] of Object.entries(STRUCTURED_EDIT_SCHEMAS) as [StructuredContent, z.ZodType][]) {
    app.put(
      `/admin/content/${part}`,
      {
        onRequest,
        schema: {
          tags,
          summary: `Save the ${part} content (lists in the order given; hidden items stay off the public site)`,
          body,
          response: okResponse(adminContentPageSchema),
        },
      },
      async (request) =>
        ok(
          await content.saveStructured({
            db: app.db,
            now: app.clock.now(),
            part,
            input: request.body as { version: number } & Record<string, unknown>,
          }),
          CONTENT_MESSAGES.saved,
        ),
    );
  }

  app.get(
    '/admin/content/waiver/versions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every published waiver text, with how many enrollments signed each',
        querystring: waiverVersionListQuerySchema,
        response: okResponse(waiverVersionPageSchema),
      },
    },
    async (request) => ok(await content.listWaiverVersions(app.db, request.query)),
  );
  app.get(
    '/admin/content/waiver/versions/:version',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One waiver version and its text',
        params: waiverVersionParams,
        response: okResponse(waiverVersionSchema),
      },
    },
    async (request) => ok(await content.getWaiverVersion(app.db, request.params.version)),
  );
  app.post(
    '/admin/content/waiver/versions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Publish a new waiver text as the next version',
        description:
          'New enrollments sign it; earlier signatures keep the version they signed. 409 when `basedOn` is not the current version.',
        body: waiverPublishSchema,
        response: okResponse(waiverVersionSchema),
      },
    },
    async (request) => {
      const published = await content.publishWaiver({
        db: app.db,
        now: app.clock.now(),
        userId: currentUser(request).id,
        input: request.body,
      });
      // The audit entry names the version published, as a path parameter would.
      addAuditSubjects(request, { waiverVersion: String(published.version) });
      return ok(published, CONTENT_MESSAGES.waiverPublished);
    },
  );
};
