import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments } from '@kikstart/db';
import { CHILD_MESSAGES } from '@kikstart/contract/children';
import type { DeletedChild } from '@kikstart/contract/family';
import { AppError } from '../../lib/errors.ts';
import { SEAT_STATUSES, statusIn } from '@kikstart/contract/enrollment-status';
import { lockProgram, offerFreeSeats } from '../enrollments/enrollment-seats.ts';
import { loadChild } from '../children/children.service.ts';
import { lockFamily } from './family.service.ts';
import { removeStoredFile } from '../../lib/uploads.ts';
import { deletePhotosShowing } from '../gallery/gallery-retention.ts';

/**
 * Deletes children with their enrollments, releasing each seat through the seat lock: every
 * program the children are in is locked first (in id order, so two deletions cannot deadlock),
 * then the enrollments go, then each freed seat is offered to the waitlist. The same order as
 * withLockedEnrollment (program, then enrollment). Call inside a transaction that holds the
 * family lock; returns the photo files to remove once it commits.
 */
export async function deleteChildrenLocked(
  tx: Db,
  opts: { childIds: string[]; now: Date; publicUrl: string },
): Promise<{ deleted: number; photoPaths: string[] }> {
  if (!opts.childIds.length) return { deleted: 0, photoPaths: [] };
  const held = await tx
    .selectDistinct({ programId: enrollments.programId })
    .from(enrollments)
    .where(inArray(enrollments.childId, opts.childIds));
  const locked = new Set<string>();
  for (const programId of held.map((r) => r.programId).sort()) {
    await lockProgram(tx, programId);
    locked.add(programId);
  }
  const removed = await tx
    .delete(enrollments)
    .where(inArray(enrollments.childId, opts.childIds))
    .returning({ programId: enrollments.programId, status: enrollments.status });
  // An enrollment made between the read above and the delete: its program is locked now, late but before the offer.
  for (const r of removed) {
    if (!locked.has(r.programId)) {
      await lockProgram(tx, r.programId);
      locked.add(r.programId);
    }
  }
  // Photos showing a deleted child go with them (decision 0026).
  const galleryPaths = await deletePhotosShowing(tx, opts.childIds);
  const gone = await tx
    .delete(children)
    .where(inArray(children.id, opts.childIds))
    .returning({ photoPath: children.photoPath });
  const freed = new Set(removed.filter((r) => statusIn(r.status, SEAT_STATUSES)).map((r) => r.programId));
  for (const programId of [...freed].sort())
    await offerFreeSeats(tx, programId, { publicUrl: opts.publicUrl, now: opts.now });
  return {
    deleted: gone.length,
    photoPaths: [...gone.flatMap((c) => (c.photoPath ? [c.photoPath] : [])), ...galleryPaths],
  };
}

/** Deletes one of the family's children, their photo and enrollments; another family's child is 404. */
export async function deleteChild(opts: {
  db: Db;
  now: Date;
  familyId: string;
  childId: string;
  publicUrl: string;
  filesDir: string;
}): Promise<DeletedChild> {
  const { db, familyId, childId } = opts;
  await loadChild(db, familyId, childId);
  const { photoPaths } = await db.transaction(async (tx) => {
    await lockFamily(tx, familyId);
    const [still] = await tx.select({ familyId: children.familyId }).from(children).where(eq(children.id, childId));
    if (still?.familyId !== familyId) throw new AppError('NOT_FOUND', CHILD_MESSAGES.childNotFound);
    return deleteChildrenLocked(tx, { childIds: [childId], now: opts.now, publicUrl: opts.publicUrl });
  });
  for (const path of photoPaths) await removeStoredFile(opts.filesDir, path);
  return { childId };
}
