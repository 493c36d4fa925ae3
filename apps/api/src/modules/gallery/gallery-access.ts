import { and, eq, exists, isNotNull, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, galleryPhotoChildren, galleryPhotos, programs, users } from '@kikstart/db';
import { ATTENDING_STATUSES } from '@kikstart/contract/enrollment-status';
import { NO } from '@kikstart/contract/common';
import { GALLERY_MESSAGES, type GallerySize } from '@kikstart/contract/gallery';
import { rolesOf, type Role } from '@kikstart/contract/roles';
import { AppError } from '../../lib/errors.ts';
import { VIEWER_LINK_BUCKET_MS, checkSignedLink, signedFileUrl } from '../../lib/signed-urls.ts';
import { isOneOf } from '../../lib/constant-list.ts';

/**
 * Who sees a gallery photo, written once (decision 0026). A family sees a photo when:
 * - staff marked its tags complete (an untagged photo stays staff-only), and
 * - one of the family's children attends the photo's program, or is tagged in the photo, and
 * - no child tagged in it has photo consent No, unless that child is the family's own.
 * Consent is read here, at every read: a change to No hides photos already shared.
 */
export function visibleToFamily(db: Db, familyId: string): SQL {
  const attends = exists(
    db
      .select({ one: sql`1` })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.programId, galleryPhotos.programId),
          eq(enrollments.familyId, familyId),
          isOneOf(enrollments.status, ATTENDING_STATUSES),
        ),
      ),
  );
  const tagged = exists(
    db
      .select({ one: sql`1` })
      .from(galleryPhotoChildren)
      .innerJoin(children, eq(children.id, galleryPhotoChildren.childId))
      .where(and(eq(galleryPhotoChildren.photoId, galleryPhotos.id), eq(children.familyId, familyId))),
  );
  const otherNoConsent = exists(
    db
      .select({ one: sql`1` })
      .from(galleryPhotoChildren)
      .innerJoin(children, eq(children.id, galleryPhotoChildren.childId))
      .where(
        and(
          eq(galleryPhotoChildren.photoId, galleryPhotos.id),
          eq(children.photoConsent, NO),
          ne(children.familyId, familyId),
        ),
      ),
  );
  return and(isNotNull(galleryPhotos.tagsCompletedAt), sql`(${attends} or ${tagged})`, not(otherNoConsent))!;
}

/** Admins see every program's photos; a coach those of the programs they coach. */
export const staffSeesProgram = (user: { id: string; roles: readonly Role[] }, coachId: string | null) =>
  user.roles.includes('admin') || (user.roles.includes('coach') && coachId === user.id);

// Signed links --------------------------------------------------------------------------------
// An <img> and a download link cannot send the access-token header (decision 0035), so answers
// carry links signed for one viewer (a family or a staff member) and the signed-in user they
// were made for, living 5 to 10 minutes. The route checks the viewer's right again when a link
// is used, so a consent change to No hides a photo at once, and refuses a link asked for by
// another signed-in user.

export type GalleryViewer = { kind: 'family' | 'staff'; id: string; userId: string };
export type GalleryLink = { k: GalleryViewer['kind']; v: string; u: string; expires: number; signature: string };

const signedPath = (what: string, viewer: GalleryViewer) =>
  `gallery/${what}/${viewer.kind}/${viewer.id}/${viewer.userId}`;

/** `?k=…&v=…&u=…&expires=…&signature=…` for `what` (lib/signed-urls.ts VIEWER_LINK_BUCKET_MS). */
function signedQuery(secret: string, what: string, viewer: GalleryViewer, now: Date) {
  const url = signedFileUrl(secret, signedPath(what, viewer), now, VIEWER_LINK_BUCKET_MS);
  return `?k=${viewer.kind}&v=${viewer.id}&u=${viewer.userId}&${url.slice(url.indexOf('?') + 1)}`;
}

export const GALLERY_ROUTE = '/api/gallary';

export const photoUrl = (secret: string, photoId: string, size: GallerySize, viewer: GalleryViewer, now: Date) =>
  `${GALLERY_ROUTE}/photos/${photoId}/${size}${signedQuery(secret, `${photoId}/${size}`, viewer, now)}`;

export const downloadUrl = (secret: string, viewer: GalleryViewer, now: Date) =>
  `${GALLERY_ROUTE}/images/download${signedQuery(secret, 'kept.zip', viewer, now)}`;

/**
 * Checks a signed link, and that nobody else signed in is using it (`signedIn`, by header or
 * cookie); the viewer it names is returned for the route to check again.
 */
export function checkGalleryLink(
  secret: string,
  what: string,
  link: GalleryLink,
  now: Date,
  signedIn: { id: string } | null,
): GalleryViewer {
  const viewer = { kind: link.k, id: link.v, userId: link.u };
  const check = checkSignedLink(secret, signedPath(what, viewer), link.expires, link.signature, now);
  if (!check.ok)
    throw new AppError(
      'FORBIDDEN',
      check.reason === 'expired' ? GALLERY_MESSAGES.downloadLinkExpired : GALLERY_MESSAGES.downloadLinkInvalid,
    );
  if (signedIn && signedIn.id !== viewer.userId) throw new AppError('NOT_FOUND', GALLERY_MESSAGES.photoNotFound);
  return viewer;
}

/** The photo's program coach, for a staff viewer's link: is the staff member still allowed? */
export async function staffViewerMaySee(db: Db, staffId: string, programId: string) {
  const [row] = await db
    .select({
      id: users.id,
      staffRoles: users.staffRoles,
      deactivatedAt: users.deactivatedAt,
      coachId: programs.coachId,
    })
    .from(users)
    .innerJoin(programs, eq(programs.id, programId))
    .where(eq(users.id, staffId));
  return (
    !!row &&
    !row.deactivatedAt &&
    staffSeesProgram({ id: row.id, roles: rolesOf({ familyId: null, ...row }) }, row.coachId)
  );
}
