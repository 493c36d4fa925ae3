import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, users } from '@kikstart/db';
import { FILE_MESSAGES, type PrivatePictureFolder } from '@kikstart/contract/files';
import { AppError } from '../../lib/errors.ts';
import { checkSignedLink } from '../../lib/signed-urls.ts';
import type { AuthUser } from '../auth/sessions.service.ts';

export interface OpenPictureOptions {
  db: Db;
  now: Date;
  /** The private files folder and the link-signing secret (app.files). */
  files: { dir: string; secret: string };
  user: AuthUser | null;
  folder: PrivatePictureFolder;
  name: string;
  expires?: number;
  signature?: string;
}

export interface OpenedPicture {
  bytes: Buffer;
  mime: 'image/jpeg' | 'image/png';
  /** For Cache-Control: how long the browser may keep it (private caches only). */
  maxAgeSeconds: number;
}

/** A signed-in viewer without a link may keep the picture this long. */
const HEADER_AUTH_MAX_AGE = 300;

/**
 * A private picture for one viewer: with a signed link (what <img> uses), the link is the
 * permission; without one, the signed-in user must be allowed to see it. Another family's
 * picture is "not found", never "forbidden", so ids and names leak nothing.
 */
export async function openPrivatePicture(opts: OpenPictureOptions): Promise<OpenedPicture> {
  const path = `${opts.folder}/${opts.name}`;
  let maxAgeSeconds = HEADER_AUTH_MAX_AGE;
  if (opts.signature !== undefined || opts.expires !== undefined) {
    const check = checkSignedLink(opts.files.secret, path, opts.expires ?? 0, opts.signature ?? '', opts.now);
    if (!check.ok)
      throw new AppError(
        'FORBIDDEN',
        check.reason === 'expired' ? FILE_MESSAGES.linkExpired : FILE_MESSAGES.linkInvalid,
      );
    maxAgeSeconds = Math.max(0, Math.floor((check.expiresAt - opts.now.getTime()) / 1000));
  } else if (!opts.user) {
    throw new AppError('FORBIDDEN', FILE_MESSAGES.linkInvalid);
  } else if (!(await mayView(opts.db, opts.user, opts.folder, path))) {
    throw new AppError('NOT_FOUND', FILE_MESSAGES.notFound);
  }
  const bytes = await readFile(join(opts.files.dir, path)).catch(() => {
    // Replaced or removed pictures are deleted, so an old link ends here.
    throw new AppError('NOT_FOUND', FILE_MESSAGES.notFound);
  });
  return { bytes, mime: opts.name.endsWith('.png') ? 'image/png' : 'image/jpeg', maxAgeSeconds };
}

/**
 * Who may see a picture: a child's photo, the child's family and admins (the child's coaches
 * once rosters exist); an avatar, its owner, the other guardians of the family and admins.
 */
async function mayView(db: Db, user: AuthUser, folder: PrivatePictureFolder, path: string): Promise<boolean> {
  if (folder === 'children') {
    const [child] = await db.select({ familyId: children.familyId }).from(children).where(eq(children.photoPath, path));
    return !!child && (user.roles.includes('admin') || child.familyId === user.familyId);
  }
  const [owner] = await db
    .select({ id: users.id, familyId: users.familyId })
    .from(users)
    .where(eq(users.avatarPath, path));
  return (
    !!owner &&
    (user.roles.includes('admin') || owner.id === user.id || (!!owner.familyId && owner.familyId === user.familyId))
  );
}
