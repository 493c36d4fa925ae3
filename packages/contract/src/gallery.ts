import { z } from 'zod';
import { pageQuery, pagedSchema, uuidParam } from './common.ts';
import { sessionDayField } from './coach.ts';

/**
 * The gallery (issue 18). Staff (admins, and coaches for their own programs) upload photos to a
 * session and tag the children in them. A photo reaches families only once staff mark its tags
 * complete; a photo that shows a child whose photo consent is No is shown only to that child's
 * own family, checked at every read. Parents keep photos and download the kept ones as one zip.
 * Photos are deleted two years after their session. Spec paths keep their spelling (`gallary`).
 */

export const GALLERY_MESSAGES = {
  photoNotFound: 'Photo not found',
  sessionNotYet: 'Photos can be added from the day of the session',
  unexpectedField: 'Send the photos in the “photos” field',
  photosRequired: 'Choose at least one photo',
  tooManyPhotos: (max: number) => `Send at most ${max} photos at a time`,
  uploaded: (n: number) => (n === 1 ? 'Photo uploaded' : `${n} photos uploaded`),
  tagsSaved: 'Tags saved',
  tagsSavedShared: 'Tags saved; families can now see this photo',
  deleted: 'Photo deleted',
  childNotOnRoster: 'Tag only children on this session’s roster',
  duplicateChild: 'Each child can be tagged once',
  photoIdsRequired: 'Choose at least one photo',
  kept: (n: number) => (n === 1 ? 'Photo kept' : `${n} photos kept`),
  unkept: (n: number) =>
    n === 1 ? 'Photo removed from your kept photos' : `${n} photos removed from your kept photos`,
  nothingKept: 'You have not kept any photos yet',
  downloadLinkInvalid: 'This download link is not valid; reload the gallery and try again',
  downloadLinkExpired: 'This download link has expired; reload the gallery and try again',
  noConsentWarning: 'Photo consent is No for a child tagged here: this photo will be shown only to their own family.',
} as const;

/** Photos per upload request; the web app sends larger selections in batches of this size. */
export const GALLERY_MAX_FILES_PER_UPLOAD = 10;
/** Children that can be tagged in one photo (a whole class). */
export const GALLERY_MAX_TAGS = 60;
/** Photos kept or released in one call (a page of the gallery and then some). */
export const GALLERY_MAX_SELECT = 100;
/** Photos are deleted this many years after the session they were taken at (the photo policy). */
export const GALLERY_RETENTION_YEARS = 2;

/** The longest side of the web-sized copy and of the thumbnail, in pixels. */
export const GALLERY_WEB_EDGE = 1600;
export const GALLERY_THUMB_EDGE = 480;

export const GALLERY_SIZES = ['thumb', 'web'] as const;
export type GallerySize = (typeof GALLERY_SIZES)[number];

/** Who a signed picture link was made for: a family (parents) or a staff member. */
export const GALLERY_VIEWER_KINDS = ['family', 'staff'] as const;

// Parents -------------------------------------------------------------------------------------

export const galleryListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(60).default(24),
  programId: uuidParam.optional(),
  /** Only the photos this family kept. */
  kept: z.enum(['true', 'false']).optional(),
});
export type GalleryListQuery = z.input<typeof galleryListQuery>;

export const galleryPhotoSchema = z.object({
  id: z.string(),
  programId: z.string(),
  programTitle: z.string(),
  sessionDate: z.string(),
  /** Links signed for the reader (private files, never /uploads); valid 5 to 10 minutes (decision 0035). */
  thumbUrl: z.string(),
  webUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  kept: z.boolean(),
});
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;

export const galleryListSchema = pagedSchema(galleryPhotoSchema).extend({
  /** The programs this family's children attend or attended (for the filter). */
  programs: z.array(z.object({ id: z.string(), title: z.string() })),
  keptCount: z.number().int(),
  /** A signed link that downloads every kept photo as one zip (null when none are kept). */
  downloadUrl: z.string().nullable(),
});
export type GalleryList = z.infer<typeof galleryListSchema>;

export const gallerySelectSchema = z.object({
  photoIds: z
    .array(uuidParam, { error: GALLERY_MESSAGES.photoIdsRequired })
    .min(1, GALLERY_MESSAGES.photoIdsRequired)
    .max(GALLERY_MAX_SELECT, `Choose at most ${GALLERY_MAX_SELECT} photos at a time`),
  /** true keeps the photos, false lets them go. */
  keep: z.boolean({ error: 'Say whether to keep the photos' }).default(true),
});
export type GallerySelectInput = z.input<typeof gallerySelectSchema>;

export const gallerySelectResultSchema = z.object({ keptCount: z.number().int(), changed: z.number().int() });
export type GallerySelectResult = z.infer<typeof gallerySelectResultSchema>;

export const signedViewerQuery = z.object({
  v: uuidParam,
  k: z.enum(GALLERY_VIEWER_KINDS, { error: GALLERY_MESSAGES.downloadLinkInvalid }),
  /** The signed-in user the link was made for (decision 0035). */
  u: uuidParam,
  expires: z.coerce.number({ error: GALLERY_MESSAGES.downloadLinkInvalid }).int().positive(),
  signature: z.string().max(100, GALLERY_MESSAGES.downloadLinkInvalid),
});

export const galleryPictureParams = z.object({
  photoId: uuidParam,
  size: z.enum(GALLERY_SIZES, { error: GALLERY_MESSAGES.photoNotFound }),
});

// Staff ---------------------------------------------------------------------------------------

export const staffSessionParams = z.object({ programId: uuidParam, date: sessionDayField });
export const staffPhotoParams = z.object({ photoId: uuidParam });

export const taggableChildSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoConsent: z.boolean(),
});
export type TaggableChild = z.infer<typeof taggableChildSchema>;

export const staffPhotoSchema = z.object({
  id: z.string(),
  thumbUrl: z.string(),
  webUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  originalName: z.string(),
  uploadedAt: z.string(),
  taggedChildIds: z.array(z.string()),
  /** Staff confirmed every child in the photo is tagged: families may see it. */
  tagsComplete: z.boolean(),
  /** A tagged child's photo consent is No: only that child's family sees it. */
  hasNoConsentChild: z.boolean(),
});
export type StaffPhoto = z.infer<typeof staffPhotoSchema>;

export const staffSessionPhotosSchema = z.object({
  program: z.object({ id: z.string(), title: z.string() }),
  date: z.string(),
  children: z.array(taggableChildSchema),
  photos: z.array(staffPhotoSchema),
});
export type StaffSessionPhotos = z.infer<typeof staffSessionPhotosSchema>;

export const photoTagsSchema = z.object({
  childIds: z
    .array(uuidParam, { error: 'Choose the children in the photo' })
    .max(GALLERY_MAX_TAGS, `Tag at most ${GALLERY_MAX_TAGS} children`)
    .refine((ids) => new Set(ids).size === ids.length, GALLERY_MESSAGES.duplicateChild),
  /** Every child in the photo is tagged; only then do families see it. */
  complete: z.boolean({ error: 'Say whether every child in the photo is tagged' }),
});
export type PhotoTagsInput = z.infer<typeof photoTagsSchema>;

export const uploadResultSchema = z.array(staffPhotoSchema);
