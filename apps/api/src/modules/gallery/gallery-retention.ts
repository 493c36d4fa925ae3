import { inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import { galleryPhotoChildren, galleryPhotos } from '@kikstart/db';
import { programToday } from '@kikstart/contract/schedule';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { removeGalleryFiles } from './gallery-images.ts';

export const GALLERY_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 200;

/**
 * Deletes the photos whose session was two years ago or more (delete_after reached, in the
 * program's time zone): rows first (tags and kept marks go with them), files after the commit.
 * Safe in several processes at once: a row deleted twice is deleted once, a file gone is gone.
 */
export async function deleteExpiredPhotos(opts: { db: Db; now: Date; filesDir: string }) {
  const today = programToday(opts.now);
  let deleted = 0;
  for (;;) {
    const due = await opts.db
      .select({ id: galleryPhotos.id })
      .from(galleryPhotos)
      .where(lte(galleryPhotos.deleteAfter, today))
      .limit(BATCH);
    if (!due.length) return deleted;
    const gone = await opts.db
      .delete(galleryPhotos)
      .where(
        inArray(
          galleryPhotos.id,
          due.map((r) => r.id),
        ),
      )
      .returning({ webPath: galleryPhotos.webPath, thumbPath: galleryPhotos.thumbPath });
    await removeGalleryFiles(opts.filesDir, gone);
    deleted += gone.length;
    if (due.length < BATCH) return deleted;
  }
}

/** Every hour, on the app's clock: photos past their two years are deleted. */
export function startGalleryRetention(opts: {
  db: Db;
  clock: Clock;
  filesDir: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  return startPeriodic({
    name: 'gallery retention',
    intervalMs: opts.intervalMs ?? GALLERY_RETENTION_INTERVAL_MS,
    log: opts.log,
    work: async () => {
      const deleted = await deleteExpiredPhotos({ db: opts.db, now: opts.clock.now(), filesDir: opts.filesDir });
      if (deleted) opts.log.info({ deleted }, 'gallery photos past two years deleted');
    },
  });
}

/**
 * When a child is deleted (by their family, or with the family's account), the photos they are
 * tagged in are deleted too: their likeness is their family's data and cannot be cut out of a
 * group photo, and an untagged copy would reach families the child's consent never allowed.
 * Call inside the deleting transaction; returns the files to remove after it commits.
 */
export async function deletePhotosShowing(tx: Db, childIds: string[]): Promise<string[]> {
  if (!childIds.length) return [];
  const tagged = await tx
    .selectDistinct({ id: galleryPhotoChildren.photoId })
    .from(galleryPhotoChildren)
    .where(inArray(galleryPhotoChildren.childId, childIds));
  if (!tagged.length) return [];
  const gone = await tx
    .delete(galleryPhotos)
    .where(
      inArray(
        galleryPhotos.id,
        tagged.map((r) => r.id),
      ),
    )
    .returning({ webPath: galleryPhotos.webPath, thumbPath: galleryPhotos.thumbPath });
  return gone.flatMap((p) => [p.webPath, p.thumbPath]);
}
