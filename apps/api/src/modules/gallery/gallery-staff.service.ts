import { and, asc, desc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, galleryPhotoChildren, galleryPhotos } from '@kikstart/db';
import { ATTENDING_STATUSES } from '@kikstart/contract/enrollment-status';
import { NO, YES } from '@kikstart/contract/common';
import {
  GALLERY_MESSAGES,
  GALLERY_RETENTION_YEARS,
  type PhotoTagsInput,
  type StaffPhoto,
  type StaffSessionPhotos,
} from '@kikstart/contract/gallery';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import { sessionOn, staffProgram } from '../coach/coach-access.ts';
import { photoUrl, type GalleryViewer } from './gallery-access.ts';
import { removeGalleryFiles, storeGalleryImage } from './gallery-images.ts';
import type { UploadedPhoto } from './gallery-upload.ts';
import { isOneOf } from '../../lib/constant-list.ts';

interface FilesContext {
  files: { dir: string; secret: string };
}

/**
 * A session staff may add photos to: a program the user coaches (any, for an admin) on one of
 * its session days (coach-access.ts). Someone else's program is 404, like a missing one. Uploads
 * open on the session's day: there is nothing to photograph before it.
 */
export async function staffSession(opts: {
  db: Db;
  user: AuthUser;
  now: Date;
  programId: string;
  date: string;
  forUpload?: boolean;
}) {
  const program = await staffProgram(opts);
  const session = await sessionOn({ db: opts.db, program, day: opts.date, now: opts.now });
  if (opts.forUpload && session.when === 'upcoming') throw new AppError('CONFLICT', GALLERY_MESSAGES.sessionNotYet);
  return { program, session };
}

/** The day a photo of a session on `day` is deleted: two years later (the photo policy). */
export function deleteAfterOf(day: string) {
  const year = Number(day.slice(0, 4)) + GALLERY_RETENTION_YEARS;
  // 29 February has no twin in a year that is not a leap year: the 28th, never a day late.
  const monthDay = day.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/** Children who can be tagged in a session's photos: those attending the program, and any already tagged. */
async function taggableChildren(db: Db, programId: string, day: string) {
  return db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      photoConsent: children.photoConsent,
    })
    .from(children)
    .where(
      or(
        exists(
          db
            .select({ one: sql`1` })
            .from(enrollments)
            .where(
              and(
                eq(enrollments.childId, children.id),
                eq(enrollments.programId, programId),
                isOneOf(enrollments.status, ATTENDING_STATUSES),
              ),
            ),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(galleryPhotoChildren)
            .innerJoin(galleryPhotos, eq(galleryPhotos.id, galleryPhotoChildren.photoId))
            .where(
              and(
                eq(galleryPhotoChildren.childId, children.id),
                eq(galleryPhotos.programId, programId),
                eq(galleryPhotos.sessionDay, day),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(children.lastName), asc(children.firstName));
}

async function staffPhotos(
  opts: FilesContext & { db: Db; now: Date; user: AuthUser; where: ReturnType<typeof eq> },
): Promise<StaffPhoto[]> {
  const rows = await opts.db
    .select()
    .from(galleryPhotos)
    .where(opts.where)
    // Photos sent together share a time: then by file name (camera names count up), as chosen.
    .orderBy(desc(galleryPhotos.uploadedAt), asc(galleryPhotos.originalName), asc(galleryPhotos.id));
  const tags = rows.length
    ? await opts.db
        .select({
          photoId: galleryPhotoChildren.photoId,
          childId: galleryPhotoChildren.childId,
          consent: children.photoConsent,
        })
        .from(galleryPhotoChildren)
        .innerJoin(children, eq(children.id, galleryPhotoChildren.childId))
        .where(
          inArray(
            galleryPhotoChildren.photoId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const viewer: GalleryViewer = { kind: 'staff', id: opts.user.id, userId: opts.user.id };
  return rows.map((r) => {
    const mine = tags.filter((t) => t.photoId === r.id);
    return {
      id: r.id,
      thumbUrl: photoUrl(opts.files.secret, r.id, 'thumb', viewer, opts.now),
      webUrl: photoUrl(opts.files.secret, r.id, 'web', viewer, opts.now),
      width: r.width,
      height: r.height,
      originalName: r.originalName,
      uploadedAt: r.uploadedAt.toISOString(),
      taggedChildIds: mine.map((t) => t.childId),
      tagsComplete: r.tagsCompletedAt !== null,
      hasNoConsentChild: mine.some((t) => t.consent === NO),
    };
  });
}

/** A session's photos with their tags, and the children who can be tagged (with their consent). */
export async function listSessionPhotos(
  opts: FilesContext & { db: Db; now: Date; user: AuthUser; programId: string; date: string },
): Promise<StaffSessionPhotos> {
  const { program, session } = await staffSession(opts);
  const kids = await taggableChildren(opts.db, program.id, session.day);
  return {
    program: { id: program.id, title: program.title },
    date: session.day,
    children: kids.map((k) => ({ ...k, photoConsent: k.photoConsent === YES })),
    photos: await staffPhotos({
      ...opts,
      where: and(eq(galleryPhotos.programId, program.id), eq(galleryPhotos.sessionDay, session.day))!,
    }),
  };
}

/** Stores checked photos (gallery-upload.ts) on a session, untagged: staff-only until tagged. */
export async function uploadPhotos(
  opts: FilesContext & {
    db: Db;
    now: Date;
    user: AuthUser;
    programId: string;
    date: string;
    photos: UploadedPhoto[];
  },
): Promise<StaffPhoto[]> {
  const { program, session } = await staffSession({ ...opts, forUpload: true });
  const stored: { webPath: string; thumbPath: string }[] = [];
  try {
    for (const photo of opts.photos) stored.push(await storeGalleryImage(opts.files.dir, photo));
    const inserted = await opts.db
      .insert(galleryPhotos)
      .values(
        opts.photos.map((photo, i) => ({
          programId: program.id,
          sessionDay: session.day,
          ...stored[i]!,
          width: photo.width,
          height: photo.height,
          originalName: photo.originalName,
          uploadedBy: opts.user.id,
          uploadedAt: opts.now,
          deleteAfter: deleteAfterOf(session.day),
        })),
      )
      .returning({ id: galleryPhotos.id });
    return staffPhotos({
      ...opts,
      where: inArray(
        galleryPhotos.id,
        inserted.map((r) => r.id),
      ),
    });
  } catch (error) {
    // Nothing half-stored: files written before a failed insert are removed.
    await removeGalleryFiles(opts.files.dir, stored);
    throw error;
  }
}

/** The photo when `user` may manage it; another program's photo answers like a missing one. */
async function staffPhoto(db: Db, user: AuthUser, photoId: string) {
  const [photo] = await db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photoId));
  if (!photo) throw new AppError('NOT_FOUND', GALLERY_MESSAGES.photoNotFound);
  await staffProgram({ db, user, programId: photo.programId }).catch(() => {
    throw new AppError('NOT_FOUND', GALLERY_MESSAGES.photoNotFound);
  });
  return photo;
}

/**
 * Replaces a photo's tags. `complete` says every child in it is tagged: only then do families
 * see it; clearing it takes the photo back to staff-only. Only children of the session can be
 * tagged, so a tag cannot reveal or reach another program's family.
 */
export async function tagPhoto(
  opts: FilesContext & { db: Db; now: Date; user: AuthUser; photoId: string; input: PhotoTagsInput },
): Promise<StaffPhoto> {
  const photo = await staffPhoto(opts.db, opts.user, opts.photoId);
  const allowed = new Set((await taggableChildren(opts.db, photo.programId, photo.sessionDay)).map((c) => c.id));
  if (opts.input.childIds.some((id) => !allowed.has(id)))
    throw new AppError('VALIDATION_FAILED', GALLERY_MESSAGES.childNotOnRoster, {
      childIds: GALLERY_MESSAGES.childNotOnRoster,
    });
  await opts.db.transaction(async (tx) => {
    await tx.delete(galleryPhotoChildren).where(eq(galleryPhotoChildren.photoId, photo.id));
    if (opts.input.childIds.length)
      await tx
        .insert(galleryPhotoChildren)
        .values(opts.input.childIds.map((childId) => ({ photoId: photo.id, childId })));
    await tx
      .update(galleryPhotos)
      .set({ tagsCompletedAt: opts.input.complete ? (photo.tagsCompletedAt ?? opts.now) : null })
      .where(eq(galleryPhotos.id, photo.id));
  });
  const [updated] = await staffPhotos({ ...opts, where: eq(galleryPhotos.id, photo.id) });
  return updated!;
}

/** Deletes a photo (rows, kept marks, then its files). */
export async function deletePhoto(opts: FilesContext & { db: Db; user: AuthUser; photoId: string }) {
  const photo = await staffPhoto(opts.db, opts.user, opts.photoId);
  await opts.db.delete(galleryPhotos).where(eq(galleryPhotos.id, photo.id));
  await removeGalleryFiles(opts.files.dir, [photo]);
}
