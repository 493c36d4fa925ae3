import type { BreakdownLine } from '@kikstart/contract/payments';

type LineAmounts = Pick<
  BreakdownLine,
  'programTitle' | 'priceCents' | 'siblingDiscountCents' | 'couponDiscountCents' | 'totalCents'
> & {
  childName: string | null;
};

/** The name and money columns a checkout line keeps: copied from the priced basket into the row, and from the row onto the receipt. */
export const lineAmounts = (l: LineAmounts): LineAmounts => ({
  childName: l.childName,
  programTitle: l.programTitle,
  priceCents: l.priceCents,
  siblingDiscountCents: l.siblingDiscountCents,
  couponDiscountCents: l.couponDiscountCents,
  totalCents: l.totalCents,
});
