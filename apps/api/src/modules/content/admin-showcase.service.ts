import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { demoRequests, offers, testimonials } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import {
  CATALOG_MESSAGES,
  type AdminOffer,
  type AdminTestimonial,
  type MoveDirection,
  type OfferInput,
  type TestimonialInput,
} from '@kikstart/contract/admin-catalog';
import { AppError } from '../../lib/errors.ts';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { moveRow, nextPosition } from './public-order.ts';

/**
 * Testimonials and offers as staff keep them: every row, hidden or not, in the order the public
 * site shows the published ones (content.service.ts reads the same sort_order).
 */
type ListQuery = { page: number; pageSize: number; q?: string; sort?: string };

const testimonialColumns = {
  id: testimonials.id,
  authorName: testimonials.authorName,
  authorRole: testimonials.authorRole,
  quote: testimonials.quote,
  rating: testimonials.rating,
  published: testimonials.published,
  sortOrder: testimonials.sortOrder,
};

const offerColumns = {
  id: offers.id,
  title: offers.title,
  description: offers.description,
  badge: offers.badge,
  validUntil: offers.validUntil,
  action: offers.action,
  published: offers.published,
  sortOrder: offers.sortOrder,
};

export async function listAdminTestimonials(db: Db, query: ListQuery): Promise<AdminPage<AdminTestimonial>> {
  const where: SQL | undefined = query.q
    ? or(ilike(testimonials.authorName, containsPattern(query.q)), ilike(testimonials.quote, containsPattern(query.q)))
    : undefined;
  const { limit, offset } = pageWindow(query);
  const items = await db
    .select(testimonialColumns)
    .from(testimonials)
    .where(where)
    .orderBy(
      ...orderFrom(query.sort ?? 'sortOrder', { sortOrder: testimonials.sortOrder }, asc(testimonials.createdAt)),
    )
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(testimonials).where(where);
  return { items, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

async function getTestimonial(db: Db, id: string): Promise<AdminTestimonial> {
  const [row] = await db.select(testimonialColumns).from(testimonials).where(eq(testimonials.id, id));
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.testimonialNotFound);
  return row;
}

export async function createTestimonial(db: Db, input: TestimonialInput, now: Date) {
  const [row] = await db
    .insert(testimonials)
    .values({ ...input, sortOrder: await nextPosition(db, testimonials), createdAt: now })
    .returning({ id: testimonials.id });
  return getTestimonial(db, row!.id);
}

export async function updateTestimonial(db: Db, id: string, input: TestimonialInput) {
  const [row] = await db
    .update(testimonials)
    .set(input)
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.testimonialNotFound);
  return getTestimonial(db, id);
}

export async function deleteTestimonial(db: Db, id: string) {
  const [row] = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.testimonialNotFound);
}

export async function moveTestimonial(db: Db, id: string, direction: MoveDirection) {
  await moveRow(db, testimonials, id, direction, CATALOG_MESSAGES.testimonialNotFound);
  return getTestimonial(db, id);
}

export async function listAdminOffers(db: Db, query: ListQuery): Promise<AdminPage<AdminOffer>> {
  const where: SQL | undefined = query.q
    ? or(ilike(offers.title, containsPattern(query.q)), ilike(offers.description, containsPattern(query.q)))
    : undefined;
  const { limit, offset } = pageWindow(query);
  const items = await db
    .select(offerColumns)
    .from(offers)
    .where(where)
    .orderBy(...orderFrom(query.sort ?? 'sortOrder', { sortOrder: offers.sortOrder }, asc(offers.createdAt)))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(offers).where(where);
  return { items, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

async function getOffer(db: Db, id: string): Promise<AdminOffer> {
  const [row] = await db.select(offerColumns).from(offers).where(eq(offers.id, id));
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.offerNotFound);
  return row;
}

export async function createOffer(db: Db, input: OfferInput, now: Date) {
  const [row] = await db
    .insert(offers)
    .values({ ...input, sortOrder: await nextPosition(db, offers), createdAt: now })
    .returning({ id: offers.id });
  return getOffer(db, row!.id);
}

export async function updateOffer(db: Db, id: string, input: OfferInput) {
  const [row] = await db.update(offers).set(input).where(eq(offers.id, id)).returning({ id: offers.id });
  if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.offerNotFound);
  return getOffer(db, id);
}

/** An offer a demo request named stays (the lead keeps what it asked about): staff hide it instead. */
export async function deleteOffer(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', CATALOG_MESSAGES.offerNotFound);
    const [named] = await tx.select({ n: count() }).from(demoRequests).where(eq(demoRequests.offerId, id));
    if (named && named.n > 0) throw new AppError('IN_USE', CATALOG_MESSAGES.offerHasRequests(named.n));
    await tx.delete(offers).where(eq(offers.id, id));
  });
}

export async function moveOffer(db: Db, id: string, direction: MoveDirection) {
  await moveRow(db, offers, id, direction, CATALOG_MESSAGES.offerNotFound);
  return getOffer(db, id);
}
