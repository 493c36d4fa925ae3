import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { checkouts, couponRedemptions, coupons, settings } from '@kikstart/db';
import { SIBLING_DISCOUNT_SETTING } from '@kikstart/db/seed/payments-data';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import {
  ADMIN_MONEY_MESSAGES,
  type AdminCoupon,
  type AdminCouponInput,
  type CouponUse,
  type adminCouponQuerySchema,
  type couponUseQuerySchema,
} from '@kikstart/contract/admin-money';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { AppError } from '../../lib/errors.ts';
import { qualified } from '../../lib/qualified-column.ts';
import { familyEmailOf } from './family-email.ts';
import { siblingPercent } from './coupons.service.ts';

const counted = (status: 'redeemed' | 'reserved') =>
  sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponId} = ${qualified(coupons.id)} and ${couponRedemptions.status} = ${status})`;
const redeemed = counted('redeemed');

const DAY_MS = 86_400_000;
/** Staff pick days; the coupon is valid from the first day's start through the last day's end (UTC). */
const startOf = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);
const endOf = (day: string | null) => (day ? new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS) : null);
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const lastDayOf = (d: Date | null) => (d ? new Date(d.getTime() - DAY_MS).toISOString().slice(0, 10) : null);

type Row = typeof coupons.$inferSelect & { redeemed: number; reserved: number };
const view = (c: Row): AdminCoupon => ({
  id: c.id,
  code: c.code,
  description: c.description,
  kind: c.kind,
  percentOff: c.percentOff,
  amountOffCents: c.amountOffCents,
  currency: c.currency,
  validFrom: dayOf(c.validFrom),
  validUntil: lastDayOf(c.validUntil),
  maxRedemptions: c.maxRedemptions,
  maxPerFamily: c.maxPerFamily,
  forPlans: c.forPlans,
  active: c.active,
  redeemed: c.redeemed,
  reserved: c.reserved,
  createdAt: c.createdAt.toISOString(),
});

const selectCoupons = (db: Db) =>
  db
    .select({
      coupon: coupons,
      redeemed,
      reserved: counted('reserved'),
    })
    .from(coupons);

export async function listAdminCoupons(
  db: Db,
  query: z.output<typeof adminCouponQuerySchema>,
): Promise<AdminPage<AdminCoupon>> {
  const term = query.q ? containsPattern(query.q) : null;
  const where = and(
    query.active ? eq(coupons.active, query.active === 'true') : undefined,
    term ? or(ilike(coupons.code, term), ilike(coupons.description, term)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    selectCoupons(db)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          { code: coupons.code, createdAt: coupons.createdAt, redeemed },
          desc(coupons.createdAt),
        ),
        desc(coupons.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons)
      .where(where),
  ]);
  return {
    items: rows.map((r) => view({ ...r.coupon, redeemed: r.redeemed, reserved: r.reserved })),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function loadCoupon(db: Db, id: string) {
  const [row] = await selectCoupons(db).where(eq(coupons.id, id));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MONEY_MESSAGES.couponNotFound);
  return view({ ...row.coupon, redeemed: row.redeemed, reserved: row.reserved });
}

const values = (input: AdminCouponInput) => ({
  code: input.code,
  description: input.description ?? '',
  kind: input.kind,
  // One of the two amounts, by kind: the table's check refuses the other.
  percentOff: input.kind === 'percent' ? (input.percentOff ?? null) : null,
  amountOffCents: input.kind === 'amount' ? (input.amountOffCents ?? null) : null,
  validFrom: startOf(input.validFrom),
  validUntil: endOf(input.validUntil),
  maxRedemptions: input.maxRedemptions,
  maxPerFamily: input.maxPerFamily,
  forPlans: input.forPlans,
});

/** A code another coupon has is a 409 on the code field, not the database's unique error. */
async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  const [other] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  if (other && other.id !== exceptId)
    throw new AppError('CONFLICT', ADMIN_MONEY_MESSAGES.couponCodeTaken, {
      code: ADMIN_MONEY_MESSAGES.couponCodeTaken,
    });
}

export async function createCoupon(db: Db, input: AdminCouponInput, now: Date) {
  await assertCodeFree(db, input.code);
  const [row] = await db
    .insert(coupons)
    .values({ ...values(input), createdAt: now })
    .returning({ id: coupons.id });
  return loadCoupon(db, row!.id);
}

/**
 * Edits apply to checkouts started from now on; paid checkouts keep the discount they got, and
 * an open checkout keeps its reservation (its price was fixed when it started).
 */
export async function updateCoupon(db: Db, id: string, input: AdminCouponInput) {
  await loadCoupon(db, id);
  await assertCodeFree(db, input.code, id);
  await db.update(coupons).set(values(input)).where(eq(coupons.id, id));
  return loadCoupon(db, id);
}

export async function setCouponActive(db: Db, id: string, active: boolean) {
  await loadCoupon(db, id);
  await db.update(coupons).set({ active }).where(eq(coupons.id, id));
  return loadCoupon(db, id);
}

/** The checkouts that used a coupon, newest first: who, what it took off, and whether it was paid. */
export async function listCouponUses(
  db: Db,
  id: string,
  query: z.output<typeof couponUseQuerySchema>,
): Promise<AdminPage<CouponUse>> {
  await loadCoupon(db, id);
  const where = eq(couponRedemptions.couponId, id);
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        checkoutId: checkouts.id,
        status: couponRedemptions.status,
        checkoutState: checkouts.status,
        familyEmail: familyEmailOf(couponRedemptions.familyId),
        totalCents: checkouts.totalCents,
        couponDiscountCents: checkouts.couponDiscountCents,
        currency: checkouts.currency,
        createdAt: couponRedemptions.createdAt,
      })
      .from(couponRedemptions)
      .innerJoin(checkouts, eq(checkouts.id, couponRedemptions.checkoutId))
      .where(where)
      .orderBy(...orderFrom(query.sort, { createdAt: couponRedemptions.createdAt }, desc(couponRedemptions.createdAt)))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export const getSiblingDiscount = async (db: Db) => ({ percent: await siblingPercent(db) });

/** Applies to checkouts started from now on: an open checkout keeps the discount it was priced with. */
export async function setSiblingDiscount(db: Db, percent: number, now: Date) {
  await db
    .insert(settings)
    .values({ key: SIBLING_DISCOUNT_SETTING, value: percent, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: percent, updatedAt: now } });
  return getSiblingDiscount(db);
}
