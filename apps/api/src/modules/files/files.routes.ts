import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privatePictureParams, signedLinkQuery } from '@kikstart/contract/files';
import { openPrivatePicture } from './files.service.ts';

/**
 * Private pictures (child photos, avatars). Public by route, guarded by the service: a signed
 * link from an API answer, or a signed-in user allowed to see the picture. Never `/uploads`.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:folder/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'A child photo or avatar: with the signed link from photoUrl/avatarUrl, or the access-token header',
        params: privatePictureParams,
        querystring: signedLinkQuery,
      },
    },
    async (request, reply) => {
      const picture = await openPrivatePicture({
        db: app.db,
        now: app.clock.now(),
        files: app.files,
        user: request.user,
        ...request.params,
        ...request.query,
      });
      // Personal pictures: a browser may keep them until the link expires; shared caches never.
      return reply
        .header('cache-control', `private, max-age=${picture.maxAgeSeconds}`)
        .header('content-disposition', 'inline')
        .type(picture.mime)
        .send(picture.bytes);
    },
  );
};
