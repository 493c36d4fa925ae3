import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery } from '@kikstart/db/fixed-query';
import { couponRedemptions, coupons, settings } from '@kikstart/db';
import { DEFAULT_SIBLING_DISCOUNT_PERCENT, SIBLING_DISCOUNT_SETTING } from '@kikstart/db/seed/payments-data';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import { couponApplies, type BasketLine, type CouponRule } from './pricing.ts';
import { isOneOf } from '../../lib/constant-list.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** The sibling discount's setting, as a query (a payment's basket reads it in its own statement). */
export const siblingSettingQuery = (db: Db) =>
  db.select({ value: settings.value }).from(settings).where(eq(settings.key, SIBLING_DISCOUNT_SETTING));
const siblingSetting = fixedQuery(siblingSettingQuery);

/** The sibling discount percentage: a database setting (seeded at 15), 0-100. */
export async function siblingPercent(db: Db): Promise<number> {
  const [row] = await siblingSetting(db, {});
  return siblingPercentOf(row?.value);
}

/** The setting's stored value as a percentage; the default when it is unset or not 0-100. */
export function siblingPercentOf(stored: unknown): number {
  const value = Number(stored ?? DEFAULT_SIBLING_DISCOUNT_PERCENT);
  return Number.isInteger(value) && value >= 0 && value <= 100 ? value : DEFAULT_SIBLING_DISCOUNT_PERCENT;
}

export const couponRule = (c: CouponRow): CouponRule => ({
  kind: c.kind,
  percentOff: c.percentOff,
  amountOffCents: c.amountOffCents,
  programIds: c.programIds,
});

/** 422 with the message under `code`, so the coupon field shows it. */
const refuse = (message: string) => new AppError('UNPROCESSABLE', message, { code: message });

/**
 * Finds a coupon and checks it against a basket: active, within its dates, in the basket's
 * currency (amount coupons) and for at least one chosen program. `lock` takes the coupon's row
 * lock, so the limit counts below hold under concurrent checkouts (PostgreSQL serialises them).
 */
export async function findUsableCoupon(
  tx: Db,
  opts: { code: string; lines: BasketLine[]; currency: string; now: Date; lock?: boolean },
): Promise<CouponRow> {
  const query = tx.select().from(coupons).where(eq(coupons.code, opts.code));
  const [coupon] = opts.lock ? await query.for('update') : await query;
  if (!coupon || !coupon.active) throw refuse(PAYMENT_MESSAGES.couponUnknown);
  // A membership coupon is for a plan's first charge only (memberships/subscribe.service.ts).
  if (coupon.forPlans) throw refuse(PAYMENT_MESSAGES.couponNotApplicable);
  if (coupon.validFrom && coupon.validFrom > opts.now) throw refuse(PAYMENT_MESSAGES.couponNotYet);
  if (coupon.validUntil && coupon.validUntil <= opts.now) throw refuse(PAYMENT_MESSAGES.couponExpired);
  if (coupon.kind === 'amount' && coupon.currency !== opts.currency) throw refuse(PAYMENT_MESSAGES.couponCurrency);
  if (!opts.lines.some((l) => couponApplies(couponRule(coupon), l))) throw refuse(PAYMENT_MESSAGES.couponNotApplicable);
  return coupon;
}

/** Reserved and paid redemptions count against the limits; released ones do not. */
export async function assertCouponLimits(tx: Db, coupon: CouponRow, familyId: string) {
  const live = and(
    eq(couponRedemptions.couponId, coupon.id),
    isOneOf(couponRedemptions.status, ['reserved', 'redeemed']),
  );
  const [counts] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      family: sql<number>`(count(*) filter (where ${couponRedemptions.familyId} = ${familyId}))::int`,
    })
    .from(couponRedemptions)
    .where(live);
  if (coupon.maxRedemptions !== null && (counts?.total ?? 0) >= coupon.maxRedemptions)
    throw refuse(PAYMENT_MESSAGES.couponUsedUp);
  if (coupon.maxPerFamily !== null && (counts?.family ?? 0) >= coupon.maxPerFamily)
    throw refuse(PAYMENT_MESSAGES.couponFamilyLimit);
}

/** Reserves one redemption for a checkout. Call with the coupon locked (findUsableCoupon lock). */
export async function reserveCoupon(
  tx: Db,
  opts: { coupon: CouponRow; checkoutId: string; familyId: string; now: Date },
) {
  await assertCouponLimits(tx, opts.coupon, opts.familyId);
  await tx.insert(couponRedemptions).values({
    couponId: opts.coupon.id,
    checkoutId: opts.checkoutId,
    familyId: opts.familyId,
    createdAt: opts.now,
    updatedAt: opts.now,
  });
}

/** A failed or lapsed checkout gives its reservation back; a paid one counts it. */
export async function settleRedemption(
  tx: Db,
  opts: { checkoutId: string; status: 'redeemed' | 'released'; now: Date },
) {
  await tx
    .update(couponRedemptions)
    .set({ status: opts.status, updatedAt: opts.now })
    .where(eq(couponRedemptions.checkoutId, opts.checkoutId));
}
