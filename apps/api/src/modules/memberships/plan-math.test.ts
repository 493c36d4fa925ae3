import { describe, expect, it } from 'vitest';
import { addInterval, planCouponDiscount, upgradeCharge } from './plan-math.ts';

// Plan dates and amounts without a database: the seeded monthly plan is $89 (8900 cents), the
// yearly one $890 (89000 cents).

const utc = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const day = (d: Date) => d.toISOString().slice(0, 10);

describe('addInterval: one billing period by the UTC calendar', () => {
  it('a month keeps the day of the month when the next month has it', () => {
    expect(day(addInterval(utc('2026-03-15'), 'month'))).toBe('2026-04-15');
    expect(day(addInterval(utc('2026-12-31'), 'month'))).toBe('2027-01-31'); // across the year
  });

  it('Jan 31 + 1 month clamps to the last day of February (28 in a common year, 29 in a leap year)', () => {
    expect(day(addInterval(utc('2026-01-31'), 'month'))).toBe('2026-02-28');
    expect(day(addInterval(utc('2028-01-31'), 'month'))).toBe('2028-02-29');
    expect(day(addInterval(utc('2026-03-31'), 'month'))).toBe('2026-04-30');
    expect(day(addInterval(utc('2026-01-30'), 'month'))).toBe('2026-02-28');
  });

  it('century leap rules: 2100 is not a leap year, 2000 was', () => {
    expect(day(addInterval(utc('2100-01-31'), 'month'))).toBe('2100-02-28');
    expect(day(addInterval(utc('2000-01-31'), 'month'))).toBe('2000-02-29');
  });

  it('a month from a clamped date stays on that day: no drift back to the 31st is promised', () => {
    // Each renewal counts from the period end, so Jan 31 → Feb 28 → Mar 28.
    const feb = addInterval(utc('2026-01-31'), 'month');
    expect(day(addInterval(feb, 'month'))).toBe('2026-03-28');
  });

  it('a year keeps the date; from Feb 29 it becomes Feb 28, and back to Feb 29 only from a Feb 29', () => {
    expect(day(addInterval(utc('2026-06-30'), 'year'))).toBe('2027-06-30');
    expect(day(addInterval(utc('2028-02-29'), 'year'))).toBe('2029-02-28');
    expect(day(addInterval(utc('2027-02-28'), 'year'))).toBe('2028-02-28');
    expect(day(addInterval(utc('2028-02-28'), 'year'))).toBe('2029-02-28');
  });

  it('keeps the time of day and does not change its argument', () => {
    const from = new Date('2026-01-31T17:45:12.345Z');
    expect(addInterval(from, 'month').toISOString()).toBe('2026-02-28T17:45:12.345Z');
    expect(addInterval(from, 'year').toISOString()).toBe('2027-01-31T17:45:12.345Z');
    expect(from.toISOString()).toBe('2026-01-31T17:45:12.345Z');
  });
});

describe('upgradeCharge: monthly → yearly, less the unused part of the month, half up to the cent', () => {
  const april = { periodStart: utc('2026-04-01'), periodEnd: utc('2026-05-01') }; // 30 days

  it('halfway through a 30-day month, half the monthly price is credited', () => {
    expect(upgradeCharge({ newPriceCents: 89000, currentPriceCents: 8900, ...april, now: utc('2026-04-16') })).toEqual({
      creditCents: 4450,
      chargeCents: 84550,
    });
  });

  it('an exact half cent rounds up; just under a half cent rounds down', () => {
    // 8901 × 15/30 = 4450.5 → 4451; 8899 × 15/30 = 4449.5 → 4450.
    expect(upgradeCharge({ newPriceCents: 89000, currentPriceCents: 8901, ...april, now: utc('2026-04-16') })).toEqual({
      creditCents: 4451,
      chargeCents: 84549,
    });
    expect(upgradeCharge({ newPriceCents: 89000, currentPriceCents: 8899, ...april, now: utc('2026-04-16') })).toEqual({
      creditCents: 4450,
      chargeCents: 84550,
    });
    // 8900 × 10/30 = 2966.67 → 2967; 8900 × 1/31 = 287.10 → 287.
    expect(
      upgradeCharge({ newPriceCents: 89000, currentPriceCents: 8900, ...april, now: utc('2026-04-21') }).creditCents,
    ).toBe(2967);
    expect(
      upgradeCharge({
        newPriceCents: 89000,
        currentPriceCents: 8900,
        periodStart: utc('2026-01-01'),
        periodEnd: utc('2026-02-01'),
        now: utc('2026-01-31'),
      }).creditCents,
    ).toBe(287);
  });

  it('prorates by time, to the millisecond, in a clamped February period', () => {
    // Jan 31 → Feb 28 is 28 days; upgrading on Feb 14 leaves 14 of them.
    expect(
      upgradeCharge({
        newPriceCents: 89000,
        currentPriceCents: 8900,
        periodStart: utc('2026-01-31'),
        periodEnd: utc('2026-02-28'),
        now: utc('2026-02-14'),
      }),
    ).toEqual({ creditCents: 4450, chargeCents: 84550 });
    // One hour into a 30-day month: 8900 × 719/720 = 8887.64 → 8888.
    expect(
      upgradeCharge({
        newPriceCents: 89000,
        currentPriceCents: 8900,
        ...april,
        now: new Date('2026-04-01T01:00:00.000Z'),
      }).creditCents,
    ).toBe(8888);
  });

  it('at the start of the period the whole month is credited; at or past its end, nothing', () => {
    const at = (now: Date) => upgradeCharge({ newPriceCents: 89000, currentPriceCents: 8900, ...april, now });
    expect(at(utc('2026-04-01'))).toEqual({ creditCents: 8900, chargeCents: 80100 });
    expect(at(utc('2026-05-01'))).toEqual({ creditCents: 0, chargeCents: 89000 });
    expect(at(utc('2026-06-15'))).toEqual({ creditCents: 0, chargeCents: 89000 });
    // A clock before the period start never credits more than the period cost.
    expect(at(utc('2026-03-20'))).toEqual({ creditCents: 8900, chargeCents: 80100 });
  });

  it('the charge never goes below zero, and an empty period credits nothing', () => {
    expect(upgradeCharge({ newPriceCents: 5000, currentPriceCents: 8900, ...april, now: utc('2026-04-02') })).toEqual({
      creditCents: 8603, // 8900 × 29/30 = 8603.33
      chargeCents: 0,
    });
    expect(
      upgradeCharge({
        newPriceCents: 89000,
        currentPriceCents: 8900,
        periodStart: utc('2026-04-01'),
        periodEnd: utc('2026-04-01'),
        now: utc('2026-04-01'),
      }),
    ).toEqual({ creditCents: 0, chargeCents: 89000 });
  });
});

describe('planCouponDiscount: a plan coupon on the first charge', () => {
  const percent = (percentOff: number) => ({ kind: 'percent' as const, percentOff, amountOffCents: null });
  const amount = (amountOffCents: number) => ({ kind: 'amount' as const, percentOff: null, amountOffCents });

  it('a percent coupon rounds half up to the cent', () => {
    expect(planCouponDiscount(8900, percent(10))).toBe(890);
    expect(planCouponDiscount(8900, percent(15))).toBe(1335);
    expect(planCouponDiscount(8950, percent(15))).toBe(1343); // 1342.5 → 1343
    expect(planCouponDiscount(8930, percent(15))).toBe(1340); // 1339.5 → 1340
    expect(planCouponDiscount(89000, percent(12))).toBe(10680);
  });

  it('an amount coupon takes its amount off', () => {
    expect(planCouponDiscount(8900, amount(2000))).toBe(2000);
    expect(planCouponDiscount(89000, amount(2000))).toBe(2000);
  });

  it('never more than the price, never negative', () => {
    expect(planCouponDiscount(8900, amount(10000))).toBe(8900);
    expect(planCouponDiscount(8900, percent(100))).toBe(8900);
    expect(planCouponDiscount(8900, percent(150))).toBe(8900);
    expect(planCouponDiscount(8900, amount(-500))).toBe(0);
  });

  it('a coupon missing its number takes nothing off', () => {
    expect(planCouponDiscount(8900, { kind: 'percent', percentOff: null, amountOffCents: 500 })).toBe(0);
    expect(planCouponDiscount(8900, { kind: 'amount', percentOff: 20, amountOffCents: null })).toBe(0);
  });
});
