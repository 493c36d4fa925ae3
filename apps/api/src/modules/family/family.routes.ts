import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  FAMILY_MESSAGES,
  cancelInviteSchema,
  cancelledInviteSchema,
  familyMembershipSchema,
  guardianListSchema,
  inviteResultSchema,
  inviteSchema,
  joinSchema,
  removeGuardianSchema,
  removedGuardianSchema,
} from '@kikstart/contract/family';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, perUserRateLimit, requireUser } from '../../plugins/auth.ts';
import { familyOf } from '../children/children.service.ts';
import * as family from './family.service.ts';
import { leaveFamily, removeGuardian } from './guardians.service.ts';

/**
 * Per signed-in guardian (after the auth guard), so a shared office IP does not block a family.
 * A burst guard only: the daily cap (INVITES_PER_DAY) is counted in the database.
 */
const INVITE_RATE_LIMIT = perUserRateLimit(20, '1 hour');

/** A second guardian shares the family: both see and manage the children with their own sign-in. */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['family'];
  // Authentication runs on onRequest, before the body is validated (anonymous is 401, not 400).
  const onRequest = requireUser('parent');
  const ctx = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { db: app.db, now: app.clock.now(), user, familyId: familyOf(user), publicUrl: app.config.publicUrl };
  };

  app.post(
    '/family/invite',
    {
      onRequest,
      config: { rateLimit: INVITE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Invite a second guardian by email (5 a day per family)',
        body: inviteSchema,
        response: okResponse(inviteResultSchema),
      },
    },
    async (request) =>
      ok(await family.inviteGuardian({ ...ctx(request), email: request.body.email }), FAMILY_MESSAGES.invited),
  );

  app.post(
    '/family/join',
    {
      onRequest,
      schema: {
        tags,
        summary: "Accept an invitation and join the inviter's family",
        body: joinSchema,
        response: okResponse(familyMembershipSchema),
      },
    },
    async (request) =>
      ok(
        await family.joinFamily({
          db: app.db,
          now: app.clock.now(),
          user: currentUser(request),
          token: request.body.token,
        }),
        FAMILY_MESSAGES.joined,
      ),
  );

  app.get(
    '/family/guardians',
    {
      onRequest,
      schema: {
        tags,
        summary: "The family's guardians and open invitations",
        response: okResponse(guardianListSchema),
      },
    },
    async (request) => ok(await family.listGuardians(ctx(request))),
  );

  app.post(
    '/family/invites/cancel',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Cancel the open invitation to an address; its link stops working',
        body: cancelInviteSchema,
        response: okResponse(cancelledInviteSchema),
      },
    },
    async (request) =>
      ok(await family.cancelInvite({ ...ctx(request), email: request.body.email }), FAMILY_MESSAGES.inviteCancelled),
  );

  app.post(
    '/family/guardians/remove',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove another guardian; their sessions end at once and both are mailed',
        body: removeGuardianSchema,
        response: okResponse(removedGuardianSchema),
      },
    },
    async (request) =>
      ok(await removeGuardian({ ...ctx(request), guardianId: request.body.userId }), FAMILY_MESSAGES.guardianRemoved),
  );

  app.post(
    '/family/leave',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Leave the family (not the last guardian); the children stay',
        response: okResponse(familyMembershipSchema),
      },
    },
    async (request) => ok(await leaveFamily(ctx(request)), FAMILY_MESSAGES.left),
  );
};
