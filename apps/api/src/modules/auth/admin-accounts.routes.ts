import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ACCOUNT_MESSAGES,
  accountStatusSchema,
  staffRolesBodySchema,
  userIdParams,
} from '@kikstart/contract/admin-families';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { setStaffRoles } from './staff-roles.service.ts';
import { deactivateAccount, reactivateAccount } from './account-activation.service.ts';

/** Staff console: an account's staff roles and whether it may sign in. Every write is audited (plugins/audit.ts). */
export const adminAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.put(
    '/admin/users/:userId/roles',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Set the coach and admin roles of an account (the last active admin keeps theirs)',
        params: userIdParams,
        body: staffRolesBodySchema,
        response: okResponse(accountStatusSchema),
      },
    },
    async (request) =>
      ok(
        await setStaffRoles({
          db: app.db,
          now: app.clock.now(),
          userId: request.params.userId,
          roles: request.body,
        }),
        ADMIN_ACCOUNT_MESSAGES.rolesSaved,
      ),
  );

  app.post(
    '/admin/users/:userId/deactivate',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Deactivate an account: its sessions end and sign-in is refused',
        params: userIdParams,
        response: okResponse(accountStatusSchema),
      },
    },
    async (request) =>
      ok(
        await deactivateAccount({ db: app.db, now: app.clock.now(), userId: request.params.userId }),
        ADMIN_ACCOUNT_MESSAGES.deactivated,
      ),
  );

  app.post(
    '/admin/users/:userId/reactivate',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Reactivate a deactivated account',
        params: userIdParams,
        response: okResponse(accountStatusSchema),
      },
    },
    async (request) =>
      ok(
        await reactivateAccount({ db: app.db, now: app.clock.now(), userId: request.params.userId }),
        ADMIN_ACCOUNT_MESSAGES.reactivated,
      ),
  );
};
