import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { AppConfig } from '../config/env.ts';
import { AppError } from './errors.ts';
import { reencodeImage } from './images.ts';
import { UPLOAD_KINDS, UPLOAD_MESSAGES, type UploadKind, type UploadKindRule } from '@kikstart/contract/uploads';

export interface CheckedUpload {
  bytes: Buffer;
  mime: string;
  extension: string;
}

/** Rejects anything whose bytes are not one of the kind's types, whatever its name says. */
export async function checkUpload(bytes: Buffer, kind: UploadKind, field = 'file'): Promise<CheckedUpload> {
  const allowed: UploadKindRule['detected'] = UPLOAD_KINDS[kind].detected;
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.empty, { [field]: UPLOAD_MESSAGES.empty });
  const mime = (await fileTypeFromBuffer(bytes))?.mime as string | undefined;
  const extension = mime ? allowed[mime] : undefined;
  if (!mime || !extension) {
    const message = UPLOAD_MESSAGES.wrongType(kind);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { [field]: message });
  }
  // Images are decoded and written anew (lib/images.ts): no metadata survives, whatever its place.
  const isImage = mime === 'image/jpeg' || mime === 'image/png';
  const clean = isImage ? await reencodeImage(bytes, mime, field) : bytes;
  return { bytes: clean, mime, extension };
}

/**
 * Writes a checked upload under `<root>/<folder>/` with a random name and returns the path
 * relative to `root` (`<folder>/<32 hex>.<ext>`), which is what the database stores.
 */
export async function storeUpload(root: string, folder: string, file: CheckedUpload): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${file.extension}`;
  await mkdir(join(root, folder), { recursive: true });
  await writeFile(join(root, folder, name), file.bytes);
  return `${folder}/${name}`;
}

/**
 * Personal files (child photos, avatars, CVs) live under `<DATA_DIR>/private`, which no static
 * route serves; pictures are served by GET /api/files/… to those allowed (modules/files).
 * `/uploads` keeps only what anyone may see (program and coach images).
 */
export const privateFilesDir = (config: Pick<AppConfig, 'dataDir'>) => resolve(config.dataDir, 'private');

/** The private picture folders: each has its own rule for who may see a file. */
export const PRIVATE_IMAGE_FOLDERS = { children: 'children', avatars: 'avatars' } as const;

/** A stored path as storeUpload writes it; anything else (`..`, slashes, odd names) is refused. */
export const STORED_PATH = /^([a-z][a-z0-9-]{0,39})\/([0-9a-f]{32}\.[a-z0-9]{2,5})$/;

/**
 * Deletes a stored file (`<folder>/<name>` under `root`); a path of another shape is ignored,
 * so a value from the database can never reach outside the folder. Never throws: it runs after
 * the database change is committed. False when the file could not be deleted (log it); a
 * file already gone counts as deleted.
 */
export async function removeStoredFile(root: string, path: string | null | undefined): Promise<boolean> {
  if (!path || !STORED_PATH.test(path)) return true;
  try {
    await unlink(join(root, path));
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** Deletes a private file (a child photo, an avatar, a CV) by the path the database stores. */
export const deletePrivateFile = (config: Pick<AppConfig, 'dataDir'>, path: string | null | undefined) =>
  removeStoredFile(privateFilesDir(config), path);
