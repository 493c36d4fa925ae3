import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_KINDS, UPLOAD_MESSAGES, type UploadKind } from '@kikstart/contract/uploads';
import { checkUpload, type CheckedUpload } from './uploads.ts';

/** The multipart plugin's hard ceilings; each file kind has its own, smaller limit below. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 5,
  fields: 40,
  fieldSize: 20_000,
  parts: 50,
} as const;

export interface UploadedFile extends CheckedUpload {
  /** The name the browser sent, cleaned; for display only, never for storage paths. */
  originalName: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a multipart form: text fields as strings, and each expected file field checked by its
 * bytes against its kind and size. Unexpected file fields are refused, not silently stored.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileKinds: Record<string, UploadKind>,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data');
  // Each route's own cap, from the files it takes: refused before a byte of the body is read.
  const limit = multipartBodyLimit(fileKinds);
  if (Number(request.headers['content-length']) > limit) {
    throw new AppError('BODY_TOO_LARGE', UPLOAD_MESSAGES.formTooLarge(limit));
  }
  try {
    return await readParts(request, fileKinds);
  } catch (error) {
    // A truncated or malformed body makes the parser throw a plain Error with no code (e.g.
    // "Unexpected end of multipart data"): the client's fault, so a 400, not a 500. Our own
    // errors and Fastify's coded ones (file too large, too many parts) pass through.
    if (error instanceof AppError) throw error;
    const e = error as { code?: unknown; statusCode?: unknown };
    if (typeof e.code === 'string' || typeof e.statusCode === 'number') throw error;
    request.log.warn({ err: error }, 'unreadable multipart body');
    throw new AppError('BAD_REQUEST', UNREADABLE_FORM);
  }
}

/** Room for a form's text fields and part headers beside its files. */
const FORM_TEXT_BYTES = 256 * 1024;

/** The largest body a form with these file fields may send: each file at its kind's limit, plus its text. */
export function multipartBodyLimit(fileKinds: Record<string, UploadKind>) {
  return Object.values(fileKinds).reduce((sum, kind) => sum + UPLOAD_KINDS[kind].maxBytes, FORM_TEXT_BYTES);
}

export const UNREADABLE_FORM = 'The form could not be read. Please try sending it again.';

async function readParts(request: FastifyRequest, fileKinds: Record<string, UploadKind>): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const kind = fileKinds[part.fieldname];
    if (!kind) {
      await part.toBuffer().catch(() => undefined);
      throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname.slice(0, 40)}"`);
    }
    const bytes = await part.toBuffer();
    if (bytes.length > UPLOAD_KINDS[kind].maxBytes) {
      const message = UPLOAD_MESSAGES.tooLarge(kind);
      throw new AppError('FILE_TOO_LARGE', message, { [part.fieldname]: message });
    }
    if (bytes.length === 0 && !part.filename) continue; // an empty file input
    const checked = await checkUpload(bytes, kind, part.fieldname);
    files[part.fieldname] = { ...checked, originalName: cleanFileName(part.filename) };
  }
  return { fields, files };
}

/** Keeps a readable name for staff to see, without paths or control characters. */
export function cleanFileName(name: string | undefined) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
    .slice(0, 120);
  return cleaned || 'file';
}
