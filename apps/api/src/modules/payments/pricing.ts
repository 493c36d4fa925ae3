/**
 * Prices, the sibling discount and coupons, in integer cents. Pure: the services read the rows
 * and call these, so every rule is unit-tested without a database.
 */

export interface PricedProgram {
  id: string;
  /** ISO days; programs whose ranges overlap are one "term". */
  firstDate: string;
  lastDate: string;
}

export interface BasketLine {
  enrollmentId: string;
  childId: string;
  program: PricedProgram;
  priceCents: number;
}

/** A seat the family already paid (confirmed), for the sibling rule across baskets. */
export interface PaidSeat {
  childId: string;
  program: PricedProgram;
}

export interface CouponRule {
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffCents: number | null;
  /** null = every program. */
  programIds: string[] | null;
}

export interface PricedLine {
  enrollmentId: string;
  priceCents: number;
  siblingDiscountCents: number;
  couponDiscountCents: number;
  totalCents: number;
}

export interface Totals {
  subtotalCents: number;
  siblingDiscountCents: number;
  couponDiscountCents: number;
  totalCents: number;
}

/** Percent of an amount in cents, rounded half up (0.5 cent → 1 cent). */
export const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

export const overlaps = (a: PricedProgram, b: PricedProgram) => a.firstDate <= b.lastDate && b.firstDate <= a.lastDate;

/**
 * Which basket lines get the sibling discount. In one term (programs whose dates overlap), the
 * family's first child pays full price and the second and further children get the discount.
 * A child of the family already paid for in that term is the first child, so every other
 * child's line is discounted. Otherwise, within the basket, the child with the highest-priced
 * line pays full price and the others (the lower-priced enrollments) are discounted. Another
 * line of the full-price child stays full price. Ties go to the earlier line in the basket.
 */
export function siblingDiscountedLines(lines: BasketLine[], paid: PaidSeat[]): Set<string> {
  const discounted = new Set<string>();
  for (const line of lines) {
    const paidSiblings = paid.filter((p) => p.childId !== line.childId && overlaps(p.program, line.program));
    if (paidSiblings.length) {
      discounted.add(line.enrollmentId);
      continue;
    }
    // This child already paid in this term: they are the first child there.
    if (paid.some((p) => p.childId === line.childId && overlaps(p.program, line.program))) continue;
    const term = lines.filter((other) => overlaps(other.program, line.program));
    if (new Set(term.map((l) => l.childId)).size < 2) continue;
    const first = term.reduce((best, l) => (l.priceCents > best.priceCents ? l : best), term[0]!);
    if (first.childId !== line.childId) discounted.add(line.enrollmentId);
  }
  return discounted;
}

/**
 * Splits `amount` over `weights` in proportion, in whole cents, the remainder going to the
 * largest fractions first (ties to the earlier line), so the parts add up exactly.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** Lines a coupon applies to: its programs, or all. */
export const couponApplies = (coupon: CouponRule, line: BasketLine) =>
  coupon.programIds === null || coupon.programIds.includes(line.program.id);

/**
 * Prices a basket: per line the sibling discount first, then the coupon on what is left. An
 * amount coupon is one amount off the basket, split over the lines it applies to in proportion
 * to what they cost after the sibling discount, and never more than they cost.
 */
export function priceBasket(opts: {
  lines: BasketLine[];
  paid: PaidSeat[];
  siblingPercent: number;
  coupon: CouponRule | null;
}): { lines: PricedLine[]; totals: Totals } {
  const { lines, coupon } = opts;
  const siblings = siblingDiscountedLines(lines, opts.paid);
  const afterSibling = lines.map((l) => {
    const siblingDiscountCents = siblings.has(l.enrollmentId) ? percentOf(l.priceCents, opts.siblingPercent) : 0;
    return { line: l, siblingDiscountCents, rest: l.priceCents - siblingDiscountCents };
  });
  let couponParts = lines.map(() => 0);
  if (coupon) {
    const eligible = afterSibling.map((a) => (couponApplies(coupon, a.line) ? a.rest : 0));
    if (coupon.kind === 'percent') couponParts = eligible.map((rest) => percentOf(rest, coupon.percentOff ?? 0));
    else
      couponParts = allocate(
        Math.min(
          coupon.amountOffCents ?? 0,
          eligible.reduce((a, b) => a + b, 0),
        ),
        eligible,
      );
  }
  const priced = afterSibling.map((a, i) => ({
    enrollmentId: a.line.enrollmentId,
    priceCents: a.line.priceCents,
    siblingDiscountCents: a.siblingDiscountCents,
    couponDiscountCents: couponParts[i]!,
    totalCents: a.rest - couponParts[i]!,
  }));
  return { lines: priced, totals: sumLines(priced) };
}

export function sumLines(lines: Omit<PricedLine, 'enrollmentId'>[]): Totals {
  const sum = (pick: (l: Omit<PricedLine, 'enrollmentId'>) => number) => lines.reduce((a, l) => a + pick(l), 0);
  return {
    subtotalCents: sum((l) => l.priceCents),
    siblingDiscountCents: sum((l) => l.siblingDiscountCents),
    couponDiscountCents: sum((l) => l.couponDiscountCents),
    totalCents: sum((l) => l.totalCents),
  };
}
