import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FAMILY_MESSAGES,
  accountDeletionSchema,
  accountExportSchema,
  deleteAccountSchema,
  deleteChildSchema,
  deletedChildSchema,
} from '@kikstart/contract/family';
import { privateFilesDir } from '../../lib/uploads.ts';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, perUserRateLimit, requireUser } from '../../plugins/auth.ts';
import { familyOf } from '../children/children.service.ts';
import { exportAccountData } from '../auth/account-export.service.ts';
import { deleteAccount } from '../auth/account-deletion.service.ts';
import { deleteChild } from './child-deletion.service.ts';

/** Password guesses through the deletion form: per signed-in user, like change-password. */
const DELETE_ACCOUNT_LIMIT = perUserRateLimit(10, '15 minutes');

/** A family's data rights: delete a child, download everything, delete the account. */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['family'];

  app.post(
    '/children/delete',
    {
      onRequest: requireUser('parent'),
      schema: {
        tags,
        summary: 'Delete a child with their photo and enrollments (seats are released)',
        body: deleteChildSchema,
        response: okResponse(deletedChildSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await deleteChild({
        db: app.db,
        now: app.clock.now(),
        familyId: familyOf(user),
        childId: request.body.childId,
        publicUrl: app.config.publicUrl,
        filesDir: privateFilesDir(app.config),
      });
      return ok(result, FAMILY_MESSAGES.childDeleted);
    },
  );

  app.get(
    '/user/export',
    {
      onRequest: requireUser(),
      schema: {
        tags,
        summary: 'Everything kept about you and your family, as JSON (data)',
        response: okResponse(accountExportSchema),
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const data = await exportAccountData({
        db: app.db,
        now,
        fileUrls: app.files.urls(now),
        fileSecret: app.files.secret,
        user: currentUser(request),
      });
      void reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="kikstart-data-${data.exportedAt.slice(0, 10)}.json"`);
      return ok(data, FAMILY_MESSAGES.exported);
    },
  );

  app.post(
    '/user/delete-account',
    {
      onRequest: requireUser(),
      config: { rateLimit: DELETE_ACCOUNT_LIMIT },
      schema: {
        tags,
        summary: "Delete the account (password required); the last guardian's deletion removes the family's children",
        body: deleteAccountSchema,
        response: okResponse(accountDeletionSchema),
      },
    },
    async (request) =>
      ok(
        await deleteAccount({
          db: app.db,
          now: app.clock.now(),
          user: currentUser(request),
          password: request.body.password,
          publicUrl: app.config.publicUrl,
          filesDir: privateFilesDir(app.config),
        }),
        FAMILY_MESSAGES.accountDeleted,
      ),
  );
};
