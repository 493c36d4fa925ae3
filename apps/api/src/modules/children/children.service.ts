import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, schools } from '@kikstart/db';
import {
  CHILD_MESSAGES,
  MAX_CHILDREN_PER_FAMILY,
  ageOn,
  gradeLabel,
  type Child,
  type ChildBasic,
  type ChildBasicInfo,
  type ChildInput,
} from '@kikstart/contract/children';
import { AppError } from '../../lib/errors.ts';
import type { FileUrls } from '../../lib/signed-urls.ts';
import { PRIVATE_IMAGE_FOLDERS, removeStoredFile, storeUpload, type CheckedUpload } from '../../lib/uploads.ts';
import type { AuthUser } from '../auth/sessions.service.ts';

type ChildRow = typeof children.$inferSelect;
/** Every child read and write is scoped to the caller's family. */
export function familyOf(user: AuthUser): string {
  if (!user.familyId) throw new AppError('NOT_FOUND', CHILD_MESSAGES.childNotFound);
  return user.familyId;
}

/** `fileUrls` turns the stored photo path into a signed link for this answer (lib/signed-urls.ts). */
export function toChild(row: ChildRow, now: Date, fileUrls: FileUrls): Child {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    age: ageOn(row.dateOfBirth, now.toISOString().slice(0, 10)),
    grade: row.grade,
    gradeLabel: gradeLabel(row.grade),
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    allergies: row.allergies as 1 | 2,
    allergyDetails: row.allergyDetails,
    medicalNotes: row.medicalNotes,
    emergencyContacts: row.emergencyContacts,
    pickupPeople: row.pickupPeople,
    photoConsent: row.photoConsent as 1 | 2,
    photoUrl: fileUrls(row.photoPath),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Loads a child by id and family; another family's child is "not found", never "forbidden". */
export async function loadChild(db: Db, familyId: string, id: string): Promise<ChildRow> {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, id), eq(children.familyId, familyId)));
  if (!row) throw new AppError('NOT_FOUND', CHILD_MESSAGES.childNotFound);
  return row;
}

/** A listed school's id wins over free text; its name is copied so the child shows it. */
async function resolveSchool(db: Db, input: Pick<ChildInput, 'schoolId' | 'schoolName'>) {
  if (!input.schoolId) return { schoolId: null, schoolName: input.schoolName ?? null };
  const [school] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(eq(schools.id, input.schoolId));
  if (!school) {
    throw new AppError('UNPROCESSABLE', CHILD_MESSAGES.schoolNotFound, { schoolId: CHILD_MESSAGES.schoolNotFound });
  }
  return { schoolId: school.id, schoolName: school.name };
}

const columns = (input: ChildInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  dateOfBirth: input.dateOfBirth,
  grade: input.grade,
  allergies: input.allergies,
  allergyDetails: input.allergyDetails,
  medicalNotes: input.medicalNotes,
  emergencyContacts: input.emergencyContacts,
  pickupPeople: input.pickupPeople,
  photoConsent: input.photoConsent,
});

export async function listChildren(opts: {
  db: Db;
  now: Date;
  fileUrls: FileUrls;
  familyId: string;
}): Promise<Child[]> {
  const rows = await opts.db
    .select()
    .from(children)
    .where(eq(children.familyId, opts.familyId))
    .orderBy(asc(children.createdAt), asc(children.firstName), asc(children.id));
  return rows.map((row) => toChild(row, opts.now, opts.fileUrls));
}

export async function addChild(opts: {
  db: Db;
  now: Date;
  fileUrls: FileUrls;
  familyId: string;
  input: ChildInput;
}): Promise<Child> {
  const { db, familyId, input } = opts;
  const school = await resolveSchool(db, input);
  return db.transaction(async (tx) => {
    // Serialises adds within a family so the cap holds under concurrent requests.
    await tx.execute(sql`select id from families where id = ${familyId} for update`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(children)
      .where(eq(children.familyId, familyId));
    if (count >= MAX_CHILDREN_PER_FAMILY) throw new AppError('CONFLICT', CHILD_MESSAGES.tooManyChildren);
    const [row] = await tx
      .insert(children)
      .values({ familyId, ...columns(input), ...school })
      .returning();
    return toChild(row!, opts.now, opts.fileUrls);
  });
}

export async function updateChild(opts: {
  db: Db;
  now: Date;
  fileUrls: FileUrls;
  familyId: string;
  id: string;
  input: ChildInput;
}): Promise<Child> {
  const { db, familyId, id, input } = opts;
  await loadChild(db, familyId, id);
  const school = await resolveSchool(db, input);
  const [row] = await db
    .update(children)
    .set({ ...columns(input), ...school, updatedAt: opts.now })
    .where(and(eq(children.id, id), eq(children.familyId, familyId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', CHILD_MESSAGES.childNotFound);
  return toChild(row, opts.now, opts.fileUrls);
}

const basic = (row: Pick<ChildRow, 'id' | 'firstName' | 'lastName'>): ChildBasic => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  name: `${row.firstName} ${row.lastName}`,
});

export async function listChildrenBasic(opts: { db: Db; familyId: string }): Promise<ChildBasic[]> {
  const rows = await opts.db
    .select({ id: children.id, firstName: children.firstName, lastName: children.lastName })
    .from(children)
    .where(eq(children.familyId, opts.familyId))
    .orderBy(asc(children.createdAt), asc(children.firstName), asc(children.id));
  return rows.map(basic);
}

export async function getChildBasicInfo(opts: {
  db: Db;
  now: Date;
  fileUrls: FileUrls;
  familyId: string;
  id: string;
}): Promise<ChildBasicInfo> {
  const row = await loadChild(opts.db, opts.familyId, opts.id);
  const child = toChild(row, opts.now, opts.fileUrls);
  return {
    ...basic(row),
    dateOfBirth: child.dateOfBirth,
    age: child.age,
    grade: child.grade,
    gradeLabel: child.gradeLabel,
    schoolId: child.schoolId,
    schoolName: child.schoolName,
    photoUrl: child.photoUrl,
    allergies: child.allergies,
    photoConsent: child.photoConsent,
  };
}

export interface ChildPhotoOptions {
  db: Db;
  now: Date;
  /** The private files folder and the link maker for the answer. */
  files: { dir: string; fileUrls: FileUrls };
  familyId: string;
  id: string;
  /** The new photo (checked and re-encoded), or null to remove it. */
  photo: CheckedUpload | null;
}

/**
 * Sets or removes a child's photo. The old file is deleted once the change is committed, and
 * the child's row is locked while the path changes, so concurrent uploads each delete the file
 * they replaced and exactly one file is left. A failed write deletes the file it stored.
 */
export async function replaceChildPhoto(opts: ChildPhotoOptions): Promise<Child> {
  const { db, familyId, id, files } = opts;
  // Ownership first, so nothing is written for another family's child.
  await loadChild(db, familyId, id);
  const photoPath = opts.photo ? await storeUpload(files.dir, PRIVATE_IMAGE_FOLDERS.children, opts.photo) : null;
  let changed: { row: ChildRow; replaced: string | null };
  try {
    changed = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ photoPath: children.photoPath })
        .from(children)
        .where(and(eq(children.id, id), eq(children.familyId, familyId)))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', CHILD_MESSAGES.childNotFound);
      const [row] = await tx
        .update(children)
        .set({ photoPath, updatedAt: opts.now })
        .where(and(eq(children.id, id), eq(children.familyId, familyId)))
        .returning();
      return { row: row!, replaced: current.photoPath };
    });
  } catch (error) {
    await removeStoredFile(files.dir, photoPath);
    throw error;
  }
  if (changed.replaced !== photoPath) await removeStoredFile(files.dir, changed.replaced);
  return toChild(changed.row, opts.now, files.fileUrls);
}
