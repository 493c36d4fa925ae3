import type { BillingInterval } from '@kikstart/contract/memberships';
import { percentOf } from '../payments/pricing.ts';

/**
 * Plan dates and amounts, pure (unit-tested without a database). Integer cents, UTC dates.
 */

/**
 * One billing interval after `from`, by the calendar in UTC: a month keeps the day of the month
 * (the 31st becomes the last day of a shorter month), a year keeps the date (29 February → 28).
 */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * An upgrade's charge: the new plan's price less the unused part of what the current period
 * cost (by time, rounded half up to the cent), never below zero.
 */
export function upgradeCharge(opts: {
  newPriceCents: number;
  currentPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): { creditCents: number; chargeCents: number } {
  const total = opts.periodEnd.getTime() - opts.periodStart.getTime();
  const left = Math.min(Math.max(opts.periodEnd.getTime() - opts.now.getTime(), 0), total);
  const creditCents = total > 0 ? Math.floor((opts.currentPriceCents * left + Math.floor(total / 2)) / total) : 0;
  return { creditCents, chargeCents: Math.max(0, opts.newPriceCents - creditCents) };
}

/** A plan coupon's discount on the first charge: percent rounded half up, or an amount, never more than the price. */
export function planCouponDiscount(
  priceCents: number,
  coupon: { kind: 'percent' | 'amount'; percentOff: number | null; amountOffCents: number | null },
): number {
  const off = coupon.kind === 'percent' ? percentOf(priceCents, coupon.percentOff ?? 0) : (coupon.amountOffCents ?? 0);
  return Math.min(priceCents, Math.max(0, off));
}
