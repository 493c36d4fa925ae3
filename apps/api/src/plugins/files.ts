import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rmdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { fileUrlSigner, type FileUrls } from '../lib/signed-urls.ts';
import { PRIVATE_IMAGE_FOLDERS, STORED_PATH, privateFilesDir } from '../lib/uploads.ts';

export interface PrivateFiles {
  /** Where child photos, avatars and CVs live (never served statically). */
  dir: string;
  /** Signs the links to private pictures (lib/signed-urls.ts). */
  secret: string;
  /** Link maker for answers produced at `now`. */
  urls(now: Date): FileUrls;
}

/**
 * Private pictures: the signing secret and, once, the move of child photos and avatars that
 * older versions stored under the public `/uploads` to the private folder.
 */
export async function registerFiles(app: FastifyInstance, config: AppConfig) {
  const dir = privateFilesDir(config);
  const secret = config.fileUrlSecret ?? (await loadOrCreateSecret(dir));
  await moveOldPublicPictures(config.uploadDir, dir, app.log);
  const files: PrivateFiles = { dir, secret, urls: (now) => fileUrlSigner(secret, now) };
  app.decorate('files', files);
}

const SECRET_FILE = 'file-url-secret';

/**
 * The key lives beside the files it protects: every process that can serve the files reads the
 * same key. `wx` makes the first of several starting processes win; the others read its key.
 */
async function loadOrCreateSecret(dir: string): Promise<string> {
  const path = join(dir, SECRET_FILE);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(path, 'utf8')).trim();
  if (secret.length < 32)
    throw new Error(`${path} holds no usable key; delete it to make a new one (links to pictures change).`);
  return secret;
}

/**
 * Before this version, child photos and avatars were public under `$UPLOAD_DIR/children` and
 * `$UPLOAD_DIR/avatars`. The database stores `<folder>/<name>`, the same relative path under
 * the private folder, so moving the files is the whole migration. Idempotent.
 */
async function moveOldPublicPictures(uploadDir: string, privateDir: string, log: FastifyBaseLogger) {
  let moved = 0;
  for (const folder of Object.values(PRIVATE_IMAGE_FOLDERS)) {
    const from = join(uploadDir, folder);
    const names = await readdir(from).catch(() => [] as string[]);
    if (names.length === 0) continue;
    await mkdir(join(privateDir, folder), { recursive: true });
    for (const name of names) {
      if (!STORED_PATH.test(`${folder}/${name}`)) continue;
      const to = join(privateDir, folder, name);
      await rename(join(from, name), to).catch(async (error: NodeJS.ErrnoException) => {
        // UPLOAD_DIR on another file system: copy, then delete.
        if (error.code !== 'EXDEV') throw error;
        await copyFile(join(from, name), to);
        await unlink(join(from, name));
      });
      moved++;
    }
    await rmdir(from).catch(() => undefined);
  }
  if (moved) log.info({ moved }, 'moved child photos and avatars from the public uploads folder to the private one');
}
