import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { checkoutLines, checkouts, children, enrollments, programs } from '@kikstart/db';
import { PAYMENT_MESSAGES, type Breakdown } from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import {
  couponRule,
  findUsableCoupon,
  siblingPercentOf,
  siblingSettingQuery,
  type CouponRow,
} from './coupons.service.ts';
import { priceBasket, type BasketLine, type PaidSeat, type PricedLine } from './pricing.ts';
import { CONFIRMED_STATUS, UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';

/** One chosen seat with what its line shows. */
export interface BasketSeat extends BasketLine {
  childName: string;
  programTitle: string;
  currency: string;
}

const childName = sql<string>`${children.firstName} || ' ' || ${children.lastName}`;

/**
 * A basket's statements are fixed queries (fixed-query.ts), run by every payment: the chosen ids
 * go as one uuid array (`= any(…)`), so the text is the same however many seats are chosen.
 */
type BasketValues = Placeholders<{ ids: string[]; familyId: string }>;
const basketSeatsQuery = (db: Db, p: BasketValues) =>
  db
    .select({
      enrollmentId: enrollments.id,
      childId: enrollments.childId,
      status: enrollments.status,
      holdExpiresAt: enrollments.holdExpiresAt,
      priceCents: enrollments.priceCents,
      currency: enrollments.currency,
      childName,
      programTitle: programs.title,
      program: { id: programs.id, firstDate: programs.firstDate, lastDate: programs.lastDate },
    })
    .from(enrollments)
    .innerJoin(children, eq(children.id, enrollments.childId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(and(sql`${enrollments.id} = any(${p.ids}::uuid[])`, eq(enrollments.familyId, p.familyId)))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
const basketSeats = fixedQuery(basketSeatsQuery);
const basketSeatsLocked = fixedQuery((db, p: BasketValues) =>
  basketSeatsQuery(db, p).for('update', { of: enrollments }),
);

// Each of the seats' lines looks up its own checkout. Written as a join, the planner could start
// from the open checkouts instead (their statistics lag a registration day's inserts) and probe
// every one of them: 900 on the rush's bench. A scalar subquery is never turned into that join.
const seatInOpenCheckoutQuery = (db: Db, p: Placeholders<{ ids: string[]; now: string }>) =>
  db
    .select({ id: checkoutLines.id })
    .from(checkoutLines)
    .where(
      and(
        sql`${checkoutLines.enrollmentId} = any(${p.ids}::uuid[])`,
        sql`(select ${checkouts.status} = 'open' and ${checkouts.expiresAt} > ${p.now}::timestamptz
          from ${checkouts} where ${checkouts.id} = ${checkoutLines.checkoutId})`,
      ),
    )
    .limit(1);

/**
 * What pricing a basket needs besides its seats, in one statement (each was one before, a round
 * trip apiece while the basket's rows are locked): whether a seat is a line of another open
 * checkout, the sibling discount's setting, and the family's paid (confirmed) seats with their
 * programs' dates, for the sibling rule across baskets.
 */
const basketContext = fixedQuery((db, p: Placeholders<{ ids: string[]; now: string; familyId: string }>) => {
  const paid = sql`json_build_object('childId', ${enrollments.childId}, 'program', json_build_object(
    'id', ${programs.id}, 'firstDate', ${programs.firstDate}, 'lastDate', ${programs.lastDate}))`;
  const paidSeats = db
    .select({ seats: sql`coalesce(json_agg(${paid}), '[]'::json)` })
    .from(enrollments)
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(and(eq(enrollments.familyId, p.familyId), eq(enrollments.status, CONFIRMED_STATUS)));
  return sql`select exists (${seatInOpenCheckoutQuery(db, p)}) as "busy",
    (${siblingSettingQuery(db)}) as "siblingSetting", (${paidSeats}) as "paid"`;
});

/** A family's chosen seats, with what pricing them reads besides (`priceSeats`). */
export interface Basket {
  seats: BasketSeat[];
  /** The family's paid seats, for the sibling rule across baskets. */
  paid: PaidSeat[];
  siblingPercent: number;
}

/**
 * Reads the chosen seats of a family. Another family's enrollment (or an unknown id) is 404; a
 * seat that is not a live hold, or that is in another open checkout, is 409; mixed currencies
 * 422. With `lock`, the enrollments are locked in basket order (created, id), so the seats cannot
 * change until the transaction ends. Their programs are not locked: a held seat is already
 * counted, and pricing it changes no program's count, so starting a payment does not queue
 * behind the program's enrollments on registration day (decision 0028). A payment confirming
 * held seats locks them in the same order (paid-checkout.ts).
 */
export async function loadBasket(
  tx: Db,
  opts: { familyId: string; enrollmentIds: string[]; now: Date; lock?: boolean },
): Promise<Basket> {
  const ids = [...opts.enrollmentIds].sort();
  const rows = await (opts.lock ? basketSeatsLocked : basketSeats)(tx, { ids, familyId: opts.familyId });
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.enrollmentNotFound);
  for (const r of rows) {
    if (r.status !== UNPAID_HOLD_STATUS || !r.holdExpiresAt || r.holdExpiresAt <= opts.now)
      throw new AppError('CONFLICT', PAYMENT_MESSAGES.seatNotHeld);
  }
  // Its own statement, after the lock: one started before the lock was granted (the basket's read
  // itself) would not see the lines of a checkout committed while it waited (a double click on Pay),
  // nor seats the family paid for meanwhile.
  const result = await basketContext(tx, { ids, now: opts.now.toISOString(), familyId: opts.familyId });
  const [context] = (result as unknown as { rows: [{ busy: boolean; siblingSetting: unknown; paid: PaidSeat[] }] })
    .rows;
  if (context.busy) throw new AppError('CONFLICT', PAYMENT_MESSAGES.seatInCheckout);
  if (new Set(rows.map((r) => r.currency)).size > 1)
    throw new AppError('UNPROCESSABLE', PAYMENT_MESSAGES.mixedCurrencies);
  return {
    seats: rows.map((r) => ({ ...r, program: r.program })),
    paid: context.paid,
    siblingPercent: siblingPercentOf(context.siblingSetting),
  };
}

export interface PricedBasket {
  seats: BasketSeat[];
  lines: PricedLine[];
  breakdown: Breakdown;
  coupon: CouponRow | null;
  siblingPercent: number;
}

/** Prices the chosen seats on the server: sibling discount, then the coupon (checked, not reserved). */
export async function priceSeats(
  tx: Db,
  opts: { basket: Basket; couponCode?: string; now: Date; lockCoupon?: boolean },
): Promise<PricedBasket> {
  const { seats, paid, siblingPercent: percent } = opts.basket;
  const currency = seats[0]!.currency;
  const coupon = opts.couponCode
    ? await findUsableCoupon(tx, {
        code: opts.couponCode,
        lines: seats,
        currency,
        now: opts.now,
        lock: opts.lockCoupon,
      })
    : null;
  const priced = priceBasket({
    lines: seats,
    paid,
    siblingPercent: percent,
    coupon: coupon ? couponRule(coupon) : null,
  });
  const breakdown: Breakdown = {
    lines: priced.lines.map((l, i) => ({
      ...l,
      childName: seats[i]!.childName,
      programTitle: seats[i]!.programTitle,
    })),
    ...priced.totals,
    currency,
    siblingPercent: percent,
    coupon: coupon ? { code: coupon.code, description: coupon.description } : null,
  };
  return { seats, lines: priced.lines, breakdown, coupon, siblingPercent: percent };
}
