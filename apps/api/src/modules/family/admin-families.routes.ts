import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAccountsPageSchema,
  adminAccountsQuerySchema,
  adminFamilySchema,
  familyIdParams,
} from '@kikstart/contract/admin-families';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { addAuditSubjects } from '../../plugins/audit.ts';
import { getFamily, listAccounts } from './admin-families.service.ts';

/** Staff console: find an account or a family, and read a family's records. */
export const adminFamiliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/families',
    {
      onRequest,
      schema: {
        tags,
        summary: "Accounts (parents and staff) by name, email, phone or a child's name",
        querystring: adminAccountsQuerySchema,
        response: okResponse(adminAccountsPageSchema),
      },
    },
    async (request) => ok(await listAccounts({ db: app.db, query: request.query })),
  );

  app.get(
    '/admin/families/:familyId',
    {
      onRequest,
      // The children's allergies, medical notes and contacts are in the answer: each read is logged.
      config: { audit: 'medical-read' },
      schema: {
        tags,
        summary: "A family's guardians, children (with medical details), enrollments, payments and plan",
        params: familyIdParams,
        response: okResponse(adminFamilySchema),
      },
    },
    async (request) => {
      const now = app.clock.now();
      const family = await getFamily({
        db: app.db,
        now,
        fileUrls: app.files.urls(now),
        familyId: request.params.familyId,
      });
      addAuditSubjects(request, { childIds: family.children.map((c) => c.id) });
      return ok(family);
    },
  );
};
