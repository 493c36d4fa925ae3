import { describe, expect, it } from 'vitest';
import { allocate, percentOf, priceBasket, siblingDiscountedLines, type BasketLine } from './pricing.ts';

const fall = { id: 'p-fall', firstDate: '2026-09-01', lastDate: '2026-11-30' };
const fall2 = { id: 'p-fall2', firstDate: '2026-10-01', lastDate: '2026-12-15' };
const spring = { id: 'p-spring', firstDate: '2027-03-01', lastDate: '2027-05-30' };
const line = (
  enrollmentId: string,
  childId: string,
  program: BasketLine['program'],
  priceCents: number,
): BasketLine => ({ enrollmentId, childId, program, priceCents });

describe('pricing (pure, integer cents)', () => {
  it('rounds percentages half up to whole cents', () => {
    expect(percentOf(19900, 15)).toBe(2985);
    expect(percentOf(333, 15)).toBe(50); // 49.95 → 50
    expect(percentOf(3, 15)).toBe(0); // 0.45 → 0
  });

  it('allocates an amount in proportion, the parts adding up exactly', () => {
    expect(allocate(2500, [10000, 20000])).toEqual([833, 1667]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(500, [0, 0])).toEqual([0, 0]);
  });

  it('the sibling discount goes to the second child, on the lower-priced enrollment, in one term only', () => {
    const lines = [
      line('a', 'kid-a', fall, 30000),
      line('b', 'kid-b', fall2, 20000),
      line('c', 'kid-c', spring, 10000),
    ];
    expect([...siblingDiscountedLines(lines, [])]).toEqual(['b']);
    // One child in two programs is not a sibling.
    expect(siblingDiscountedLines([line('a', 'kid-a', fall, 30000), line('a2', 'kid-a', fall2, 20000)], []).size).toBe(
      0,
    );
  });

  it('a sibling paid earlier in the term makes every other child in the basket a second child', () => {
    const paid = [{ childId: 'kid-a', program: fall }];
    expect([...siblingDiscountedLines([line('b', 'kid-b', fall2, 50000)], paid)]).toEqual(['b']);
    // The paid child's own further program is not discounted, nor a program in another term.
    expect(
      siblingDiscountedLines([line('a2', 'kid-a', fall2, 50000), line('s', 'kid-b', spring, 50000)], paid).size,
    ).toBe(0);
  });

  it('per line: sibling first, then the coupon on what is left; an amount coupon is split and capped', () => {
    const lines = [line('a', 'kid-a', fall, 20000), line('b', 'kid-b', fall, 20000)];
    const percent = priceBasket({
      lines,
      paid: [],
      siblingPercent: 15,
      coupon: { kind: 'percent', percentOff: 10, amountOffCents: null, programIds: null },
    });
    expect(percent.lines[1]).toEqual({
      enrollmentId: 'b',
      priceCents: 20000,
      siblingDiscountCents: 3000,
      couponDiscountCents: 1700,
      totalCents: 15300,
    });
    expect(percent.totals).toEqual({
      subtotalCents: 40000,
      siblingDiscountCents: 3000,
      couponDiscountCents: 3700,
      totalCents: 33300,
    });

    const big = priceBasket({
      lines: [line('a', 'kid-a', fall, 1000)],
      paid: [],
      siblingPercent: 15,
      coupon: { kind: 'amount', percentOff: null, amountOffCents: 2500, programIds: null },
    });
    expect(big.lines[0]!.couponDiscountCents).toBe(1000);
    expect(big.totals.totalCents).toBe(0);

    const only = priceBasket({
      lines,
      paid: [],
      siblingPercent: 15,
      coupon: { kind: 'amount', percentOff: null, amountOffCents: 2500, programIds: ['nope'] },
    });
    expect(only.totals.couponDiscountCents).toBe(0);
  });
});
