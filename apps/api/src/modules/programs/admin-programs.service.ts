import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkoutLines, enrollments, programActivities, programs, schools, users } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import {
  CATALOG_MESSAGES,
  type AdminProgram,
  type AdminProgramListQuery,
  type AdminProgramRow,
  type ProgramInput,
} from '@kikstart/contract/admin-catalog';
import { WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { AppError } from '../../lib/errors.ts';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { removeStoredFile, storeUpload, type CheckedUpload } from '../../lib/uploads.ts';
import {
  expireLapsedHoldsAndOffers,
  lockProgram,
  offerFreeSeats,
  seatsTaken,
} from '../enrollments/enrollment-seats.ts';
import { programImageUrl, seatsTakenSql } from './programs.service.ts';
import { uniqueSlug } from './slugs.ts';

export interface AdminCatalogContext {
  db: Db;
  now: Date;
  publicUrl: string;
}

const waitlistSql = sql<number>`(select count(*)::int from enrollments w
  where w.program_id = "programs"."id" and w.status = ${WAITLIST_STATUS})`;

/** Staff's list: every program, published or not, with seats taken and the waitlist's length. */
export async function listAdminPrograms(db: Db, query: AdminProgramListQuery): Promise<AdminPage<AdminProgramRow>> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(programs.title, pattern), ilike(programs.sport, pattern), ilike(schools.name, pattern)));
  }
  if (query.published) conditions.push(eq(programs.published, query.published === 'true'));
  if (query.schoolId) conditions.push(eq(programs.schoolId, query.schoolId));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: programs.id,
      title: programs.title,
      sport: programs.sport,
      schoolName: schools.name,
      firstDate: programs.firstDate,
      lastDate: programs.lastDate,
      capacity: programs.capacity,
      seatsTaken: sql<number>`${seatsTakenSql}::int`,
      waitlist: waitlistSql,
      priceCents: programs.priceCents,
      currency: programs.currency,
      published: programs.published,
    })
    .from(programs)
    .leftJoin(schools, eq(schools.id, programs.schoolId))
    .where(where)
    .orderBy(
      ...orderFrom(
        query.sort,
        {
          title: programs.title,
          firstDate: programs.firstDate,
          capacity: programs.capacity,
          priceCents: programs.priceCents,
          createdAt: programs.createdAt,
        },
        asc(programs.id),
      ),
    )
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: count() })
    .from(programs)
    .leftJoin(schools, eq(schools.id, programs.schoolId))
    .where(where);
  return { items: rows, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function getAdminProgram(db: Db, id: string): Promise<AdminProgram> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id));
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.programNotFound);
  const activities = await db
    .select({ id: programActivities.id, title: programActivities.title, description: programActivities.description })
    .from(programActivities)
    .where(eq(programActivities.programId, id))
    .orderBy(asc(programActivities.position));
  const [counts] = await db
    .select({
      waitlist: sql<number>`(count(*) filter (where ${enrollments.status} = ${WAITLIST_STATUS}))::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(enrollments)
    .where(eq(enrollments.programId, id));
  const { imagePath, createdAt: _c, updatedAt: _u, ...fields } = row;
  return {
    ...fields,
    imageUrl: programImageUrl(imagePath),
    activities,
    seatsTaken: await seatsTaken(db, id),
    waitlist: counts?.waitlist ?? 0,
    enrollments: counts?.all ?? 0,
  };
}

/** Refuses a school or coach id that does not name one (a 400 on the field, nothing stored). */
async function checkReferences(db: Db, input: Pick<ProgramInput, 'schoolId' | 'coachId'>) {
  const errors: Record<string, string> = {};
  if (input.schoolId) {
    const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, input.schoolId));
    if (!school) errors.schoolId = CATALOG_MESSAGES.schoolNotFound;
  }
  if (input.coachId) {
    const [coach] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.coachId), sql`'coach' = any(${users.staffRoles})`));
    if (!coach) errors.coachId = CATALOG_MESSAGES.notACoach;
  }
  if (Object.keys(errors).length) {
    throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]!, errors);
  }
}

const programColumns = (input: ProgramInput, now: Date) => {
  const { activities: _a, ...fields } = input;
  return { ...fields, updatedAt: now };
};

async function writeActivities(tx: Db, programId: string, activities: ProgramInput['activities']) {
  await tx.delete(programActivities).where(eq(programActivities.programId, programId));
  if (activities.length)
    await tx
      .insert(programActivities)
      .values(activities.map((a, i) => ({ programId, position: i + 1, title: a.title, description: a.description })));
}

/** A new program starts unpublished: staff check it, then publish it. */
export async function createProgram(ctx: AdminCatalogContext, input: ProgramInput): Promise<AdminProgram> {
  await checkReferences(ctx.db, input);
  const id = await ctx.db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, programs, programs.slug, input.title);
    const [row] = await tx
      .insert(programs)
      .values({ ...programColumns(input, ctx.now), slug, published: false, createdAt: ctx.now })
      .returning({ id: programs.id });
    await writeActivities(tx, row!.id, input.activities);
    return row!.id;
  });
  return getAdminProgram(ctx.db, id);
}

/**
 * Saves every field. Capacity changes under the program lock that every seat change takes
 * (enrollment-seats.ts): below the seats taken is refused, naming them; a raise offers the new
 * seats to the waitlist in its order, in the same transaction.
 */
export async function updateProgram(
  ctx: AdminCatalogContext,
  id: string,
  input: ProgramInput,
): Promise<{ program: AdminProgram; offered: number }> {
  await checkReferences(ctx.db, input);
  // Lapsed holds and offers end first, so the seats counted below are the ones really held.
  await expireLapsedHoldsAndOffers({ db: ctx.db, publicUrl: ctx.publicUrl, now: ctx.now, programId: id });
  const offered = await ctx.db.transaction(async (tx) => {
    const current = await lockProgram(tx, id);
    if (!current) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.programNotFound);
    const taken = await seatsTaken(tx, id);
    if (input.capacity < taken) {
      const message = CATALOG_MESSAGES.capacityBelowTaken(taken);
      throw new AppError('CAPACITY_BELOW_TAKEN', message, { capacity: message });
    }
    await tx.update(programs).set(programColumns(input, ctx.now)).where(eq(programs.id, id));
    await writeActivities(tx, id, input.activities);
    return input.capacity > current.capacity ? offerFreeSeats(tx, id, { publicUrl: ctx.publicUrl, now: ctx.now }) : 0;
  });
  return { program: await getAdminProgram(ctx.db, id), offered };
}

/** Unpublished programs leave the public catalog; their enrollments stay as they are. */
export async function setPublished(db: Db, id: string, published: boolean, now: Date): Promise<AdminProgram> {
  const [row] = await db
    .update(programs)
    .set({ published, updatedAt: now })
    .where(eq(programs.id, id))
    .returning({ id: programs.id });
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.programNotFound);
  return getAdminProgram(db, id);
}

/** Replaces the program's picture; the old upload (not a shipped illustration) is deleted after. */
export async function replaceProgramImage(
  opts: { db: Db; now: Date; uploadDir: string },
  id: string,
  image: CheckedUpload,
  imageAlt: string | null,
): Promise<AdminProgram> {
  const [current] = await opts.db.select({ imagePath: programs.imagePath }).from(programs).where(eq(programs.id, id));
  if (!current) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.programNotFound);
  const imagePath = await storeUpload(opts.uploadDir, 'programs', image);
  const [row] = await opts.db
    .update(programs)
    .set({ imagePath, imageAlt, updatedAt: opts.now })
    .where(eq(programs.id, id))
    .returning({ id: programs.id });
  if (!row) {
    await removeStoredFile(opts.uploadDir, imagePath);
    throw new AppError('NOT_FOUND', CATALOG_MESSAGES.programNotFound);
  }
  await removeStoredFile(opts.uploadDir, current.imagePath);
  return getAdminProgram(opts.db, id);
}

/** Only a program nobody ever enrolled in may go; one with enrollments is unpublished instead. */
export async function deleteProgram(opts: { db: Db; uploadDir: string }, id: string): Promise<void> {
  const imagePath = await opts.db.transaction(async (tx) => {
    const current = await lockProgram(tx, id);
    if (!current) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.programNotFound);
    const [used] = await tx.select({ n: count() }).from(enrollments).where(eq(enrollments.programId, id));
    // Receipts keep their program even when the family that paid was deleted with its enrollments.
    const [paid] = await tx.select({ n: count() }).from(checkoutLines).where(eq(checkoutLines.programId, id));
    if ((used?.n ?? 0) + (paid?.n ?? 0) > 0) throw new AppError('IN_USE', CATALOG_MESSAGES.programHasEnrollments);
    await tx.delete(programs).where(eq(programs.id, id));
    return current.imagePath;
  });
  await removeStoredFile(opts.uploadDir, imagePath);
}

/** Accounts with the coach role, for the program form's coach field. */
export async function listCoachOptions(db: Db) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(sql`'coach' = any(${users.staffRoles})`))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, email: r.email }));
}
