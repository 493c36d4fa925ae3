import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GALLERY_MESSAGES,
  galleryListQuery,
  galleryListSchema,
  galleryPictureParams,
  gallerySelectResultSchema,
  gallerySelectSchema,
  photoTagsSchema,
  signedViewerQuery,
  staffPhotoParams,
  staffPhotoSchema,
  staffSessionParams,
  staffSessionPhotosSchema,
  uploadResultSchema,
} from '@kikstart/contract/gallery';
import { nullData } from '@kikstart/contract/common';
import { ok, okResponse } from '../../lib/envelope.ts';
import { currentUser, requireUser, signedInUser } from '../../plugins/auth.ts';
import * as gallery from './gallery.service.ts';
import * as staff from './gallery-staff.service.ts';
import { galleryUploadBody } from './gallery-upload.ts';

/**
 * The gallery (issue 18). Parents: the photos they may see, keep and download (spec paths keep
 * their spelling, /gallary). Staff: a session's photos, upload and tags. Pictures and the zip
 * are served only through signed links made for one viewer (decision 0026), never /uploads.
 */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['gallery'];
  const context = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.db,
    now: app.clock.now(),
    files: app.files,
    user: currentUser(request),
  });

  app.get(
    '/gallary/image-list',
    {
      onRequest: requireUser('parent'),
      schema: {
        tags,
        summary: "Photos of my children's programs, newest session first (program filter, kept only, pages)",
        querystring: galleryListQuery,
        response: okResponse(galleryListSchema),
      },
    },
    async (request) => ok(await gallery.listGallery({ ...context(request), query: request.query })),
  );

  app.post(
    '/gallary/images/select',
    {
      onRequest: requireUser('parent'),
      schema: {
        tags,
        summary: 'Keep photos (keep: true) or let them go (keep: false); kept photos download together',
        body: gallerySelectSchema,
        response: okResponse(gallerySelectResultSchema),
      },
    },
    async (request) => {
      const result = await gallery.selectPhotos({ ...context(request), ...request.body });
      const n = request.body.photoIds.length;
      return ok(result, request.body.keep ? GALLERY_MESSAGES.kept(n) : GALLERY_MESSAGES.unkept(n));
    },
  );

  app.get(
    '/gallary/images/download',
    {
      schema: {
        tags,
        summary: 'Every kept photo as one zip, with the signed downloadUrl from the image list',
        querystring: signedViewerQuery,
      },
    },
    async (request, reply) => {
      const zip = await gallery.keptZip({
        db: app.db,
        now: app.clock.now(),
        files: app.files,
        link: request.query,
        signedIn: await signedInUser(app, request),
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${zip.fileName}"`)
        .type('application/zip')
        .send(zip.stream);
    },
  );

  app.get(
    '/gallary/photos/:photoId/:size',
    {
      schema: {
        tags,
        summary: 'A gallery photo (thumb or web size), with the signed link from an answer',
        params: galleryPictureParams,
        querystring: signedViewerQuery,
      },
    },
    async (request, reply) => {
      const picture = await gallery.openGalleryPicture({
        db: app.db,
        now: app.clock.now(),
        files: app.files,
        ...request.params,
        link: request.query,
        signedIn: await signedInUser(app, request),
      });
      return reply
        .header('cache-control', `private, max-age=${picture.maxAgeSeconds}`)
        .header('content-disposition', 'inline')
        .type('image/jpeg')
        .send(picture.bytes);
    },
  );

  // Staff: admins, and coaches for the programs they coach (any other program answers 404).
  const staffOnly = requireUser('coach', 'admin');
  const upload = galleryUploadBody(app);

  app.get(
    '/gallary/staff/programs/:programId/sessions/:date/photos',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: "A session's photos with their tags, and the children who can be tagged (with photo consent)",
        params: staffSessionParams,
        response: okResponse(staffSessionPhotosSchema),
      },
    },
    async (request) => ok(await staff.listSessionPhotos({ ...context(request), ...request.params })),
  );

  app.post(
    '/gallary/staff/programs/:programId/sessions/:date/photos',
    {
      onRequest: staffOnly,
      preValidation: upload.preValidation,
      schema: {
        tags,
        summary: 'Upload photos to a session (multipart field "photos", up to 10 JPEG or PNG); untagged until tagged',
        params: staffSessionParams,
        consumes: ['multipart/form-data'],
        response: okResponse(uploadResultSchema),
      },
    },
    async (request) => {
      const photos = upload.photos(request);
      const stored = await staff.uploadPhotos({ ...context(request), ...request.params, photos });
      return ok(stored, GALLERY_MESSAGES.uploaded(stored.length));
    },
  );

  app.put(
    '/gallary/staff/photos/:photoId/tags',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: 'Tag the children in a photo; complete: true shares it with the families',
        params: staffPhotoParams,
        body: photoTagsSchema,
        response: okResponse(staffPhotoSchema),
      },
    },
    async (request) => {
      const photo = await staff.tagPhoto({ ...context(request), ...request.params, input: request.body });
      return ok(photo, photo.tagsComplete ? GALLERY_MESSAGES.tagsSavedShared : GALLERY_MESSAGES.tagsSaved);
    },
  );

  app.delete(
    '/gallary/staff/photos/:photoId',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: 'Delete a photo (its files, tags and kept marks)',
        params: staffPhotoParams,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await staff.deletePhoto({ ...context(request), ...request.params });
      return ok(null, GALLERY_MESSAGES.deleted);
    },
  );
};
