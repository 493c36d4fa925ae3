import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '@kikstart/db';
import { galleryKept, galleryPhotos, programs } from '@kikstart/db';
import {
  GALLERY_MESSAGES,
  type GalleryList,
  type GalleryPhoto,
  type GallerySize,
  type GalleryListQuery,
} from '@kikstart/contract/gallery';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import { familyOf } from '../children/children.service.ts';
import {
  checkGalleryLink,
  downloadUrl,
  photoUrl,
  staffViewerMaySee,
  visibleToFamily,
  type GalleryLink,
  type GalleryViewer,
} from './gallery-access.ts';

interface FilesContext {
  /** The private files folder and the link-signing secret (app.files). */
  files: { dir: string; secret: string };
}

const keptBy = (db: Db, familyId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(galleryKept)
      .where(and(eq(galleryKept.photoId, galleryPhotos.id), eq(galleryKept.familyId, familyId))),
  );

/** GET /gallary/image-list: the photos this family may see, newest session first, a page at a time. */
export async function listGallery(
  opts: FilesContext & { db: Db; now: Date; user: AuthUser; query: GalleryListQuery },
): Promise<GalleryList> {
  const { db, now } = opts;
  const familyId = familyOf(opts.user);
  const page = Number(opts.query.page ?? 1);
  const limit = Number(opts.query.limit ?? 24);
  const visible = visibleToFamily(db, familyId);
  const kept = keptBy(db, familyId);
  const where = and(
    visible,
    opts.query.programId ? eq(galleryPhotos.programId, opts.query.programId) : undefined,
    opts.query.kept === 'true' ? kept : undefined,
  );
  const rows = await db
    .select({
      id: galleryPhotos.id,
      programId: galleryPhotos.programId,
      programTitle: programs.title,
      sessionDate: galleryPhotos.sessionDay,
      width: galleryPhotos.width,
      height: galleryPhotos.height,
      kept: sql<boolean>`${kept}`,
    })
    .from(galleryPhotos)
    .innerJoin(programs, eq(programs.id, galleryPhotos.programId))
    .where(where)
    .orderBy(
      desc(galleryPhotos.sessionDay),
      desc(galleryPhotos.uploadedAt),
      asc(galleryPhotos.originalName),
      asc(galleryPhotos.id),
    )
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(galleryPhotos).where(where);
  const [{ keptCount } = { keptCount: 0 }] = await db
    .select({ keptCount: count() })
    .from(galleryPhotos)
    .where(and(visible, kept));
  const programList = await db
    .selectDistinct({ id: programs.id, title: programs.title })
    .from(galleryPhotos)
    .innerJoin(programs, eq(programs.id, galleryPhotos.programId))
    .where(visible)
    .orderBy(asc(programs.title));
  const viewer: GalleryViewer = { kind: 'family', id: familyId, userId: opts.user.id };
  const secret = opts.files.secret;
  return {
    items: rows.map((r): GalleryPhoto => ({
      ...r,
      kept: Boolean(r.kept),
      thumbUrl: photoUrl(secret, r.id, 'thumb', viewer, now),
      webUrl: photoUrl(secret, r.id, 'web', viewer, now),
    })),
    page,
    limit,
    total,
    programs: programList,
    keptCount,
    downloadUrl: keptCount > 0 ? downloadUrl(secret, viewer, now) : null,
  };
}

/**
 * POST /gallary/images/select: keeps (or lets go of) photos. Every id must be a photo this family
 * may see now; otherwise 404 and nothing changes, so ids of other families' photos leak nothing.
 */
export async function selectPhotos(opts: {
  db: Db;
  now: Date;
  user: AuthUser;
  photoIds: string[];
  keep: boolean;
}): Promise<{ keptCount: number; changed: number }> {
  const familyId = familyOf(opts.user);
  const ids = [...new Set(opts.photoIds)];
  return opts.db.transaction(async (tx) => {
    const seen = await tx
      .select({ id: galleryPhotos.id })
      .from(galleryPhotos)
      .where(and(inArray(galleryPhotos.id, ids), visibleToFamily(tx, familyId)));
    if (seen.length !== ids.length) throw new AppError('NOT_FOUND', GALLERY_MESSAGES.photoNotFound);
    const changed = opts.keep
      ? await tx
          .insert(galleryKept)
          .values(ids.map((photoId) => ({ familyId, photoId, keptAt: opts.now })))
          .onConflictDoNothing()
          .returning({ id: galleryKept.photoId })
      : await tx
          .delete(galleryKept)
          .where(and(eq(galleryKept.familyId, familyId), inArray(galleryKept.photoId, ids)))
          .returning({ id: galleryKept.photoId });
    const [{ keptCount } = { keptCount: 0 }] = await tx
      .select({ keptCount: count() })
      .from(galleryPhotos)
      .where(and(visibleToFamily(tx, familyId), keptBy(tx, familyId)));
    return { keptCount, changed: changed.length };
  });
}

/** Whether the viewer a link names may still see the photo: consent and staff rights read now. */
async function viewerMaySee(db: Db, viewer: GalleryViewer, photoId: string) {
  if (viewer.kind === 'family') {
    const [row] = await db
      .select({ id: galleryPhotos.id })
      .from(galleryPhotos)
      .where(and(eq(galleryPhotos.id, photoId), visibleToFamily(db, viewer.id)));
    return !!row;
  }
  const [photo] = await db
    .select({ programId: galleryPhotos.programId })
    .from(galleryPhotos)
    .where(eq(galleryPhotos.id, photoId));
  return !!photo && staffViewerMaySee(db, viewer.id, photo.programId);
}

/** GET /gallary/photos/:photoId/:size with a signed link: the bytes, when its viewer may still see them. */
export async function openGalleryPicture(
  opts: FilesContext & {
    db: Db;
    now: Date;
    photoId: string;
    size: GallerySize;
    link: GalleryLink;
    /** Whoever is signed in on the request (header or cookie): only the link's own user may use it. */
    signedIn: { id: string } | null;
  },
) {
  const viewer = checkGalleryLink(
    opts.files.secret,
    `${opts.photoId}/${opts.size}`,
    opts.link,
    opts.now,
    opts.signedIn,
  );
  if (!(await viewerMaySee(opts.db, viewer, opts.photoId)))
    throw new AppError('NOT_FOUND', GALLERY_MESSAGES.photoNotFound);
  const [photo] = await opts.db
    .select({ webPath: galleryPhotos.webPath, thumbPath: galleryPhotos.thumbPath })
    .from(galleryPhotos)
    .where(eq(galleryPhotos.id, opts.photoId));
  const path = opts.size === 'thumb' ? photo!.thumbPath : photo!.webPath;
  const bytes = await readFile(join(opts.files.dir, path)).catch(() => {
    throw new AppError('NOT_FOUND', GALLERY_MESSAGES.photoNotFound);
  });
  return { bytes, maxAgeSeconds: Math.max(0, opts.link.expires - Math.floor(opts.now.getTime() / 1000)) };
}

/** The family's kept photos it may still see, oldest session first (the zip's and the export's order). */
export async function keptPhotos(db: Db, familyId: string) {
  return db
    .select({
      id: galleryPhotos.id,
      programTitle: programs.title,
      sessionDate: galleryPhotos.sessionDay,
      webPath: galleryPhotos.webPath,
      keptAt: galleryKept.keptAt,
    })
    .from(galleryKept)
    .innerJoin(galleryPhotos, eq(galleryPhotos.id, galleryKept.photoId))
    .innerJoin(programs, eq(programs.id, galleryPhotos.programId))
    .where(and(eq(galleryKept.familyId, familyId), visibleToFamily(db, familyId)))
    .orderBy(asc(galleryPhotos.sessionDay), asc(galleryPhotos.uploadedAt), asc(galleryPhotos.id));
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'photo';

/**
 * GET /gallary/images/download with the signed link from the list: the kept photos (web-sized
 * copies, already free of metadata) as one zip, streamed. Stored, not deflated: JPEGs do not shrink.
 */
export async function keptZip(
  opts: FilesContext & {
    db: Db;
    now: Date;
    link: GalleryLink;
    /** Whoever is signed in on the request (header or cookie): only the link's own user may use it. */
    signedIn: { id: string } | null;
  },
) {
  const viewer = checkGalleryLink(opts.files.secret, 'kept.zip', opts.link, opts.now, opts.signedIn);
  if (viewer.kind !== 'family') throw new AppError('FORBIDDEN', GALLERY_MESSAGES.downloadLinkInvalid);
  const photos = await keptPhotos(opts.db, viewer.id);
  const present = [];
  for (const p of photos) {
    const path = join(opts.files.dir, p.webPath);
    // A photo deleted since the list was read (retention, staff) is left out, not a broken zip.
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      present.push({ ...p, path });
  }
  if (!present.length) throw new AppError('NOT_FOUND', GALLERY_MESSAGES.nothingKept);
  const zip = new yazl.ZipFile();
  present.forEach((p, i) => {
    const name = `${p.sessionDate}-${slug(p.programTitle)}-${String(i + 1).padStart(3, '0')}.jpg`;
    zip.addFile(p.path, name, { compress: false, mtime: opts.now });
  });
  zip.end();
  return {
    stream: zip.outputStream,
    count: present.length,
    fileName: `kikstart-photos-${opts.now.toISOString().slice(0, 10)}.zip`,
  };
}

/**
 * The kept photos in a family's data download: what was kept and when, with links to the
 * photos (valid 5 to 10 minutes, decision 0035) and to the zip of all of them.
 */
export async function exportKeptPhotos(opts: { db: Db; now: Date; familyId: string; userId: string; secret: string }) {
  const photos = await keptPhotos(opts.db, opts.familyId);
  const viewer: GalleryViewer = { kind: 'family', id: opts.familyId, userId: opts.userId };
  return {
    downloadUrl: photos.length ? downloadUrl(opts.secret, viewer, opts.now) : null,
    photos: photos.map((p) => ({
      id: p.id,
      programTitle: p.programTitle,
      sessionDate: p.sessionDate,
      keptAt: p.keptAt.toISOString(),
      url: photoUrl(opts.secret, p.id, 'web', viewer, opts.now),
    })),
  };
}
