import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { families, users } from './users.ts';
import { programs } from './catalog.ts';
import { children } from './family.ts';

/**
 * The gallery (migration 0020). A photo belongs to a session (program + day). Families see it
 * once staff mark its tags complete; consent is checked when it is read, never copied here.
 */
export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    sessionDay: date('session_day').notNull(),
    /** Private files (`gallery/<32 hex>.jpg`): the web-sized copy and the thumbnail, both re-encoded. */
    webPath: text('web_path').notNull(),
    thumbPath: text('thumb_path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The name the uploader's browser sent, cleaned; shown to staff, never a storage path. */
    originalName: text('original_name').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** Set when staff confirm every child in the photo is tagged; null keeps it staff-only. */
    tagsCompletedAt: timestamp('tags_completed_at', { withTimezone: true }),
    /** The session day plus two years (the photo policy); the retention job deletes it then. */
    deleteAfter: date('delete_after').notNull(),
  },
  (t) => [
    index('gallery_photos_session_idx').on(t.programId, t.sessionDay),
    index('gallery_photos_delete_after_idx').on(t.deleteAfter),
  ],
);

/** A child staff tagged in a photo. */
export const galleryPhotoChildren = pgTable(
  'gallery_photo_children',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => galleryPhotos.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'gallery_photo_children_pk', columns: [t.photoId, t.childId] }),
    index('gallery_photo_children_child_idx').on(t.childId),
  ],
);

/** A photo a family kept (POST /gallary/images/select); downloaded together as one zip. */
export const galleryKept = pgTable(
  'gallery_kept',
  {
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => galleryPhotos.id, { onDelete: 'cascade' }),
    keptAt: timestamp('kept_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'gallery_kept_pk', columns: [t.familyId, t.photoId] }),
    index('gallery_kept_photo_idx').on(t.photoId),
  ],
);
