import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_LEAD_SUCCESS,
  adminLeadDetailSchema,
  adminLeadPageSchema,
  adminLeadsQuerySchema,
  adminSubscriberPageSchema,
  adminSubscribersQuerySchema,
  coachApplicationDecisionSchema,
  declineCoachRequestSchema,
  leadIdParamsSchema,
  leadNoteBodySchema,
  leadNoteSchema,
  leadOwnersSchema,
  leadParamsSchema,
  updateLeadSchema,
} from '@kikstart/contract/admin-leads';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import * as inbox from './admin-leads.service.ts';
import * as coachLeads from './admin-coach-leads.service.ts';
import { exportSubscribers, listSubscribers } from './admin-newsletter.service.ts';

/** `name.csv` for Content-Disposition: an ASCII fallback and the exact name (RFC 6266). */
export function attachment(fileName: string) {
  const fallback = fileName.replace(/[^\w.\- ]+/g, '_').slice(0, 150) || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The staff leads inbox: every lead kind in one list with a status, an owner and notes; CSV
 * exports; coach CVs; and the decisions on coach applications and coach-access requests.
 */
export const adminLeadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');
  const today = () => app.clock.now().toISOString().slice(0, 10);

  app.get(
    '/admin/leads',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The leads inbox: every kind, filtered by kind, status and owner, searched by name, email or school',
        querystring: adminLeadsQuerySchema,
        response: okResponse(adminLeadPageSchema),
      },
    },
    async (request) => ok(await inbox.listLeads(app.db, request.query)),
  );

  app.get(
    '/admin/leads/export.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The inbox under the same filters as CSV (text/csv attachment)',
        description: `Every page of the filter, up to ${inbox.LEAD_EXPORT_MAX} rows. Cells starting with = + - @ are prefixed with ' so spreadsheets never run them.`,
        querystring: adminLeadsQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`leads-${today()}.csv`))
        .type('text/csv; charset=utf-8')
        .send(await inbox.exportLeads(app.db, request.query)),
  );

  app.get(
    '/admin/leads/owners',
    {
      onRequest,
      schema: { tags, summary: 'Staff who can own a lead (admins)', response: okResponse(leadOwnersSchema) },
    },
    async () => ok(await inbox.leadOwners(app.db)),
  );

  app.get(
    '/admin/leads/:kind/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'One lead: what the visitor sent, its notes and decisions',
        params: leadParamsSchema,
        response: okResponse(adminLeadDetailSchema),
      },
    },
    async (request) => ok(await inbox.leadDetail(app.db, request.params.kind, request.params.id)),
  );

  app.patch(
    '/admin/leads/:kind/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a lead's status (new, contacted, won, lost) or owner (an admin, or null)",
        params: leadParamsSchema,
        body: updateLeadSchema,
        response: okResponse(adminLeadDetailSchema),
      },
    },
    async (request) =>
      ok(await inbox.updateLead({ db: app.db, ...request.params, ...request.body }), ADMIN_LEAD_SUCCESS.updated),
  );

  app.post(
    '/admin/leads/:kind/:id/notes',
    {
      onRequest,
      schema: {
        tags,
        summary: "Add a note to a lead's thread",
        params: leadParamsSchema,
        body: leadNoteBodySchema,
        response: okResponse(leadNoteSchema),
      },
    },
    async (request) =>
      ok(
        await inbox.addLeadNote({
          db: app.db,
          ...request.params,
          authorId: currentUser(request).id,
          body: request.body.body,
          now: app.clock.now(),
        }),
        ADMIN_LEAD_SUCCESS.noteAdded,
      ),
  );

  app.get(
    '/admin/leads/coach-application/:id/cv',
    {
      onRequest,
      schema: {
        tags,
        summary: "A coach applicant's CV (attachment, admins only)",
        description: 'Streamed from the private folder with its stored type; 404 when no CV is kept.',
        params: leadIdParamsSchema,
      },
    },
    async (request, reply) => {
      const cv = await coachLeads.openCv({ db: app.db, config: app.config, id: request.params.id });
      // Personal data: no browser or shared cache keeps it.
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(cv.fileName))
        .header('content-length', cv.bytes)
        .header('x-content-type-options', 'nosniff')
        .type(cv.mime)
        .send(cv.stream);
    },
  );

  app.post(
    '/admin/leads/coach-application/:id/decision',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark a coach applicant hired (CV kept) or rejected (CV deleted at the next clean-up)',
        params: leadIdParamsSchema,
        body: coachApplicationDecisionSchema,
        response: okResponse(adminLeadDetailSchema),
      },
    },
    async (request) =>
      ok(
        await coachLeads.decideCoachApplication({
          db: app.db,
          id: request.params.id,
          decision: request.body.decision,
          now: app.clock.now(),
        }),
        request.body.decision === 'hired' ? ADMIN_LEAD_SUCCESS.hired : ADMIN_LEAD_SUCCESS.rejected,
      ),
  );

  app.post(
    '/admin/leads/coach-request/:id/approve',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Approve a coach-access request: the account gains the coach role and is told by mail',
        params: leadIdParamsSchema,
        response: okResponse(adminLeadDetailSchema),
      },
    },
    async (request) =>
      ok(
        await coachLeads.approveCoachRequest({
          db: app.db,
          id: request.params.id,
          adminId: currentUser(request).id,
          now: app.clock.now(),
        }),
        ADMIN_LEAD_SUCCESS.approved,
      ),
  );

  app.post(
    '/admin/leads/coach-request/:id/decline',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Decline a coach-access request with a reason, which is mailed to the requester',
        params: leadIdParamsSchema,
        body: declineCoachRequestSchema,
        response: okResponse(adminLeadDetailSchema),
      },
    },
    async (request) =>
      ok(
        await coachLeads.declineCoachRequest({
          db: app.db,
          id: request.params.id,
          adminId: currentUser(request).id,
          now: app.clock.now(),
          reason: request.body.reason,
        }),
        ADMIN_LEAD_SUCCESS.declined,
      ),
  );

  app.get(
    '/admin/newsletter',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Newsletter subscribers: unconfirmed, confirmed and unsubscribed, searched by email',
        querystring: adminSubscribersQuerySchema,
        response: okResponse(adminSubscriberPageSchema),
      },
    },
    async (request) => ok(await listSubscribers(app.db, request.query)),
  );

  app.get(
    '/admin/newsletter/export.csv',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Newsletter subscribers under the same filters as CSV (text/csv attachment)',
        querystring: adminSubscribersQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`newsletter-${today()}.csv`))
        .type('text/csv; charset=utf-8')
        .send(await exportSubscribers(app.db, request.query)),
  );
};
