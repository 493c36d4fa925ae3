import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPageSchema } from '@kikstart/contract/admin-lists';
import { auditEntrySchema, auditLogQuerySchema } from '@kikstart/contract/admin-audit';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listAuditLog } from './admin-audit-log.service.ts';

/** Reading the audit log. There is deliberately no route that writes, edits or deletes an entry. */
export const adminAuditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    {
      onRequest: requireUser('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Staff writes and medical-data reads: who, what, when and from where (ids only)',
        description:
          'Newest first unless sorted. `q` searches the action, `actor` the staff member’s name, email or id, `from`/`to` are days (YYYY-MM-DD) where the programs run.',
        querystring: auditLogQuerySchema,
        response: okResponse(adminPageSchema(auditEntrySchema)),
      },
    },
    async (request) => ok(await listAuditLog({ db: app.db, query: request.query })),
  );
};
