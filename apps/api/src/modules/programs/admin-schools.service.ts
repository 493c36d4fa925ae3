import { asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { programs, schools } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { CATALOG_MESSAGES, type AdminSchool, type SchoolInput } from '@kikstart/contract/admin-catalog';
import { AppError } from '../../lib/errors.ts';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { uniqueSlug } from './slugs.ts';

const programCount = sql<number>`(select count(*)::int from programs p where p.school_id = "schools"."id")`;
const columns = {
  id: schools.id,
  slug: schools.slug,
  name: schools.name,
  address: schools.address,
  city: schools.city,
  postalCode: schools.postalCode,
  isPartner: schools.isPartner,
  programs: programCount,
};

export async function listAdminSchools(
  db: Db,
  query: { page: number; pageSize: number; q?: string; sort?: string },
): Promise<AdminPage<AdminSchool>> {
  let where: SQL | undefined;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where = or(ilike(schools.name, pattern), ilike(schools.city, pattern), ilike(schools.address, pattern));
  }
  const { limit, offset } = pageWindow(query);
  const items = await db
    .select(columns)
    .from(schools)
    .where(where)
    .orderBy(
      ...orderFrom(
        query.sort,
        { name: schools.name, city: schools.city, createdAt: schools.createdAt },
        asc(schools.id),
      ),
    )
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(schools).where(where);
  return { items, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

async function getAdminSchool(db: Db, id: string): Promise<AdminSchool> {
  const [row] = await db.select(columns).from(schools).where(eq(schools.id, id));
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.schoolNotFound);
  return row;
}

export async function createSchool(db: Db, input: SchoolInput, now: Date): Promise<AdminSchool> {
  const id = await db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, schools, schools.slug, input.name);
    const [row] = await tx
      .insert(schools)
      .values({ ...input, slug, createdAt: now })
      .returning({ id: schools.id });
    return row!.id;
  });
  return getAdminSchool(db, id);
}

export async function updateSchool(db: Db, id: string, input: SchoolInput): Promise<AdminSchool> {
  const [row] = await db.update(schools).set(input).where(eq(schools.id, id)).returning({ id: schools.id });
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.schoolNotFound);
  return getAdminSchool(db, id);
}

/** A school that programs still run at stays: staff move or delete those programs first. */
export async function deleteSchool(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, id)).for('update');
    if (!school) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.schoolNotFound);
    const [used] = await tx.select({ n: count() }).from(programs).where(eq(programs.schoolId, id));
    if (used && used.n > 0) throw new AppError('IN_USE', CATALOG_MESSAGES.schoolHasPrograms(used.n));
    await tx.delete(schools).where(eq(schools.id, id));
  });
}
