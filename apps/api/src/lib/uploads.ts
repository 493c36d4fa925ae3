import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors.ts';

/** What each kind of upload may be, judged by its bytes (spec §5 Uploads). */
export const UPLOAD_KINDS = {
  image: { mimes: ['image/jpeg', 'image/png'], label: 'a JPEG or PNG image' },
  document: {
    mimes: [
      'application/pdf',
      // .doc files are OLE compound files; file-type reports the container.
      'application/x-cfb',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    label: 'a PDF, DOC, DOCX or XLSX document',
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  'application/x-cfb': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

export interface CheckedUpload {
  bytes: Buffer;
  mime: string;
  extension: string;
}

/** Rejects anything whose bytes are not one of the kind's types, whatever its name says. */
export async function checkUpload(bytes: Buffer, kind: UploadKind, field = 'file'): Promise<CheckedUpload> {
  const allowed = UPLOAD_KINDS[kind];
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty', { [field]: 'The file is empty' });
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as string | undefined;
  if (!mime || !(allowed.mimes as readonly string[]).includes(mime)) {
    const message = `The file must be ${allowed.label}`;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { [field]: message });
  }
  const clean = kind === 'image' ? stripImageMetadata(bytes, mime) : bytes;
  return { bytes: clean, mime, extension: EXTENSION[mime] ?? 'bin' };
}

/**
 * Writes a checked upload under `<uploadDir>/<folder>/` with a random name and returns the
 * path relative to the upload dir (served at /uploads/<path>).
 */
export async function storeUpload(uploadDir: string, folder: string, file: CheckedUpload): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${file.extension}`;
  await mkdir(join(uploadDir, folder), { recursive: true });
  await writeFile(join(uploadDir, folder, name), file.bytes);
  return `${folder}/${name}`;
}

/** Removes EXIF/XMP (where GPS location lives) from JPEG and PNG, leaving the pixels as they are. */
export function stripImageMetadata(bytes: Buffer, mime: string): Buffer {
  if (mime === 'image/jpeg') return stripJpeg(bytes);
  if (mime === 'image/png') return stripPng(bytes);
  return bytes;
}

function stripJpeg(src: Buffer): Buffer {
  const out: Buffer[] = [src.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= src.length && src[i] === 0xff) {
    const marker = src[i + 1]!;
    // Start of scan: the rest is image data.
    if (marker === 0xda) break;
    const length = src.readUInt16BE(i + 2);
    const segmentEnd = i + 2 + length;
    // APP1 (EXIF/XMP) and APP13 (IPTC) carry camera and location metadata.
    if (marker !== 0xe1 && marker !== 0xed) out.push(src.subarray(i, segmentEnd));
    i = segmentEnd;
  }
  out.push(src.subarray(i));
  return Buffer.concat(out);
}

const PNG_METADATA_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

function stripPng(src: Buffer): Buffer {
  const out: Buffer[] = [src.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= src.length) {
    const length = src.readUInt32BE(i);
    const type = src.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (!PNG_METADATA_CHUNKS.has(type)) out.push(src.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(out);
}
