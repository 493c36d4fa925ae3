import { asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { coachProfiles, users } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { CATALOG_MESSAGES, type AdminCoach, type CoachProfileInput } from '@kikstart/contract/admin-catalog';
import { AppError } from '../../lib/errors.ts';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { removeStoredFile, storeUpload, type CheckedUpload } from '../../lib/uploads.ts';

/** Coach photos are public, beside program pictures under /uploads. */
export const coachPhotoUrl = (path: string | null) => (path ? `/uploads/${path}` : null);

const isCoach = sql`'coach' = any(${users.staffRoles})`;
const nameSql = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const columns = {
  id: users.id,
  name: nameSql,
  email: users.email,
  bio: sql<string>`coalesce(${coachProfiles.bio}, '')`,
  credentials: sql<string[]>`coalesce(${coachProfiles.credentials}, '[]'::jsonb)`,
  photoPath: coachProfiles.photoPath,
  programs: sql<number>`(select count(*)::int from programs p where p.coach_id = "users"."id")`,
};
type Row = { photoPath: string | null } & Omit<AdminCoach, 'photoUrl'>;
const toCoach = ({ photoPath, ...row }: Row): AdminCoach => ({ ...row, photoUrl: coachPhotoUrl(photoPath) });

/** Every account with the coach role, with its profile (empty until staff write one). */
export async function listAdminCoaches(
  db: Db,
  query: { page: number; pageSize: number; q?: string; sort?: string },
): Promise<AdminPage<AdminCoach>> {
  const conditions: SQL[] = [isCoach];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(nameSql, pattern), ilike(users.email, pattern))!);
  }
  const where = sql.join(conditions, sql` and `);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(coachProfiles, eq(coachProfiles.userId, users.id))
    .where(where)
    .orderBy(...orderFrom(query.sort, { name: nameSql, email: users.email }, asc(users.id)))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { items: rows.map(toCoach), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One coach account with its public profile (empty until written); 404 for any other account. */
export async function getCoachProfile(db: Db, id: string): Promise<AdminCoach> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(coachProfiles, eq(coachProfiles.userId, users.id))
    .where(sql`${users.id} = ${id} and ${isCoach}`);
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.coachNotFound);
  return toCoach(row);
}

async function assertCoach(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} = ${id} and ${isCoach}`);
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.coachNotFound);
}

export async function saveCoachProfile(db: Db, id: string, input: CoachProfileInput, now: Date): Promise<AdminCoach> {
  await assertCoach(db, id);
  await db
    .insert(coachProfiles)
    .values({ userId: id, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { ...input, updatedAt: now } });
  return getCoachProfile(db, id);
}

/** Replaces the coach's photo (re-encoded by the upload check); the old file is deleted after. */
export async function replaceCoachPhoto(
  opts: { db: Db; now: Date; uploadDir: string },
  id: string,
  photo: CheckedUpload,
): Promise<AdminCoach> {
  await assertCoach(opts.db, id);
  const [current] = await opts.db
    .select({ photoPath: coachProfiles.photoPath })
    .from(coachProfiles)
    .where(eq(coachProfiles.userId, id));
  const photoPath = await storeUpload(opts.uploadDir, 'coaches', photo);
  await opts.db
    .insert(coachProfiles)
    .values({ userId: id, photoPath, updatedAt: opts.now })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { photoPath, updatedAt: opts.now } });
  await removeStoredFile(opts.uploadDir, current?.photoPath);
  return getCoachProfile(opts.db, id);
}
