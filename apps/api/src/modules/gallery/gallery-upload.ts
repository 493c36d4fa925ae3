import type { FastifyRequest } from 'fastify';
import { GALLERY_MAX_FILES_PER_UPLOAD, GALLERY_MESSAGES, staffSessionParams } from '@kikstart/contract/gallery';
import { UPLOAD_KINDS, UPLOAD_MESSAGES } from '@kikstart/contract/uploads';
import { AppError } from '../../lib/errors.ts';
import { checkUpload } from '../../lib/uploads.ts';
import { cleanFileName, UNREADABLE_FORM } from '../../lib/multipart.ts';
import { FORM_DESCRIPTION, type MultipartFormDescription } from '../../lib/multipart-body.ts';
import { parseInput, validationError } from '../../lib/validate.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { FastifyInstance } from 'fastify';
import { galleryCopies, type GalleryImage } from './gallery-images.ts';
import { staffSession } from './gallery-staff.service.ts';

export interface UploadedPhoto extends GalleryImage {
  originalName: string;
}

/** The form field the photos come in (several parts with the same name, as FormData sends them). */
export const PHOTOS_FIELD = 'photos';
const PER_FILE = UPLOAD_KINDS.image.maxBytes;
/** Every photo at its limit, plus room for part headers. */
export const GALLERY_UPLOAD_BODY_LIMIT = GALLERY_MAX_FILES_PER_UPLOAD * PER_FILE + 256 * 1024;

/**
 * The upload form's body, read before the handler like multipartBody (lib/multipart-body.ts),
 * which takes one file per field; this one takes up to GALLERY_MAX_FILES_PER_UPLOAD photos in
 * one field. The session is checked first, so a coach of another program gets 404 before a
 * byte is read; then every photo is judged by its bytes, re-encoded and copied (web, thumb)
 * before anything is stored: one bad photo refuses the whole form.
 */
export function galleryUploadBody(app: Pick<FastifyInstance, 'db' | 'clock'>) {
  const checked = new WeakMap<FastifyRequest, UploadedPhoto[]>();
  const preValidation = async (request: FastifyRequest) => {
    const params = parseInput(staffSessionParams, request.params);
    await staffSession({ db: app.db, user: currentUser(request), now: app.clock.now(), ...params, forUpload: true });
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photos as multipart/form-data');
    if (Number(request.headers['content-length']) > GALLERY_UPLOAD_BODY_LIMIT)
      throw new AppError('BODY_TOO_LARGE', UPLOAD_MESSAGES.formTooLarge(GALLERY_UPLOAD_BODY_LIMIT));
    const photos = await readPhotos(request).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      const e = error as { code?: unknown; statusCode?: unknown };
      if (typeof e.code === 'string' || typeof e.statusCode === 'number') throw error;
      request.log.warn({ err: error }, 'unreadable gallery upload');
      throw new AppError('BAD_REQUEST', UNREADABLE_FORM);
    });
    if (!photos.length) throw validationError({ [PHOTOS_FIELD]: GALLERY_MESSAGES.photosRequired });
    checked.set(request, photos);
  };
  return {
    // The form rides on the hook, so the API description shows the body (plugins/docs.ts).
    preValidation: Object.assign(preValidation, {
      [FORM_DESCRIPTION]: {
        files: { [PHOTOS_FIELD]: 'image' },
        required: [PHOTOS_FIELD],
        many: { [PHOTOS_FIELD]: GALLERY_MAX_FILES_PER_UPLOAD },
        orJson: false,
      } satisfies MultipartFormDescription,
    }),
    photos: (request: FastifyRequest) => {
      const photos = checked.get(request);
      if (!photos) throw new Error('add galleryUploadBody().preValidation to the route before reading its photos');
      return photos;
    },
  };
}

async function readPhotos(request: FastifyRequest): Promise<UploadedPhoto[]> {
  const photos: UploadedPhoto[] = [];
  const parts = request.parts({
    limits: {
      files: GALLERY_MAX_FILES_PER_UPLOAD,
      fileSize: PER_FILE,
      fields: 5,
      parts: GALLERY_MAX_FILES_PER_UPLOAD + 5,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') continue;
    if (part.fieldname !== PHOTOS_FIELD) {
      await part.toBuffer().catch(() => undefined);
      throw new AppError('BAD_REQUEST', GALLERY_MESSAGES.unexpectedField);
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0 && !part.filename) continue; // an empty file input
    // Judged by its bytes (JPEG or PNG), then decoded and written anew: no metadata survives.
    const clean = await checkUpload(bytes, 'image', PHOTOS_FIELD);
    photos.push({ ...(await galleryCopies(clean.bytes)), originalName: cleanFileName(part.filename) });
  }
  return photos;
}
