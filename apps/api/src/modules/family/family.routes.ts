import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailField } from '@kikstart/contract/common';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { familyOf } from '../children/children.service.ts';
import * as family from './family.service.ts';

const inviteBody = z.object({ email: emailField });
const joinBody = z.object({
  token: z.string({ error: family.FAMILY_MESSAGES.inviteInvalid }).trim().min(20, family.FAMILY_MESSAGES.inviteInvalid).max(200, family.FAMILY_MESSAGES.inviteInvalid),
});

/** Per signed-in guardian (after the auth guard), so a shared office IP does not block a family. */
const INVITE_RATE_LIMIT = {
  max: 20,
  timeWindow: '1 hour',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};

/** A second guardian shares the family: both see and manage the children with their own sign-in. */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['family'];
  const onRequest = requireUser('parent');

  app.post(
    '/family/invite',
    { onRequest, config: { rateLimit: INVITE_RATE_LIMIT }, schema: { tags, summary: 'Invite a second guardian by email', body: inviteBody } },
    async (request) => {
      const user = currentUser(request);
      const result = await family.inviteGuardian({ db: app.db, now: app.clock.now(), user, familyId: familyOf(user), email: request.body.email, publicUrl: app.config.publicUrl });
      return ok(result, family.FAMILY_MESSAGES.invited);
    },
  );

  app.post('/family/join', { onRequest, schema: { tags, summary: "Accept an invitation and join the inviter's family", body: joinBody } }, async (request) =>
    ok(await family.joinFamily({ db: app.db, now: app.clock.now(), user: currentUser(request), token: request.body.token }), family.FAMILY_MESSAGES.joined),
  );

  app.get('/family/guardians', { onRequest, schema: { tags, summary: "The family's guardians and open invitations" } }, async (request) => {
    const user = currentUser(request);
    return ok(await family.listGuardians({ db: app.db, now: app.clock.now(), user, familyId: familyOf(user) }));
  });
};
