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
 * A basket's statements are fixed queries (fixed-query.ts), run by every payment. They read any
 * number of baskets at once (several parents starting a payment together go in one transaction:
 * initiate-batch.ts): the chosen ids and the families go as uuid arrays (`= any(…)`), so the text
 * is the same however many seats and families there are.
 */
type BasketValues = Placeholders<{ ids: string[]; familyIds: string[] }>;
const basketSeatsQuery = (db: Db, p: BasketValues) =>
  db
    .select({
      enrollmentId: enrollments.id,
      familyId: enrollments.familyId,
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
    .where(
      and(sql`${enrollments.id} = any(${p.ids}::uuid[])`, sql`${enrollments.familyId} = any(${p.familyIds}::uuid[])`),
    )
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id));
const basketSeats = fixedQuery(basketSeatsQuery);
const basketSeatsLocked = fixedQuery((db, p: BasketValues) =>
  basketSeatsQuery(db, p).for('update', { of: enrollments }),
);

// Each of the seats' lines looks up its own checkout. Written as a join, the planner could start
// from the open checkouts instead (their statistics lag a registration day's inserts) and probe
// every one of them: 900 on the rush's bench. A scalar subquery is never turned into that join.
const seatsInOpenCheckoutsQuery = (db: Db, p: Placeholders<{ ids: string[]; now: string }>) =>
  db
    .select({ ids: sql`coalesce(array_agg(distinct ${checkoutLines.enrollmentId}), '{}')` })
    .from(checkoutLines)
    .where(
      and(
        sql`${checkoutLines.enrollmentId} = any(${p.ids}::uuid[])`,
        sql`(select ${checkouts.status} = 'open' and ${checkouts.expiresAt} > ${p.now}::timestamptz
          from ${checkouts} where ${checkouts.id} = ${checkoutLines.checkoutId})`,
      ),
    );

/**
 * What pricing the baskets needs besides their seats, in one statement (each was one before, a
 * round trip apiece while the baskets' rows are locked): which seats are lines of an open
 * checkout, the sibling discount's setting, and the families' paid (confirmed) seats with their
 * programs' dates, for the sibling rule across baskets.
 */
const basketsContext = fixedQuery((db, p: Placeholders<{ ids: string[]; now: string; familyIds: string[] }>) => {
  const paid = sql`json_build_object('familyId', ${enrollments.familyId}, 'childId', ${enrollments.childId},
    'program', json_build_object('id', ${programs.id}, 'firstDate', ${programs.firstDate}, 'lastDate', ${programs.lastDate}))`;
  const paidSeats = db
    .select({ seats: sql`coalesce(json_agg(${paid}), '[]'::json)` })
    .from(enrollments)
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(and(sql`${enrollments.familyId} = any(${p.familyIds}::uuid[])`, eq(enrollments.status, CONFIRMED_STATUS)));
  return sql`select (${seatsInOpenCheckoutsQuery(db, p)}) as "busy",
    (${siblingSettingQuery(db)}) as "siblingSetting", (${paidSeats}) as "paid"`;
});

/** A family's chosen seats, with what pricing them reads besides (`priceSeats`). */
export interface Basket {
  seats: BasketSeat[];
  /** The family's paid seats, for the sibling rule across baskets. */
  paid: PaidSeat[];
  siblingPercent: number;
}

/** One family's choice of seats, as a request sent it, at the request's time. */
export interface BasketRequest {
  familyId: string;
  enrollmentIds: string[];
  now: Date;
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
export async function loadBasket(tx: Db, request: BasketRequest, opts: { lock?: boolean } = {}): Promise<Basket> {
  const [basket] = await loadBaskets(tx, [request], opts);
  if (basket instanceof AppError) throw basket;
  return basket!;
}

/**
 * Several families' baskets in two statements, each answered its basket or its own refusal
 * (loadBasket's), in the order given. The rows are locked in one statement, all in basket order,
 * so two batches that share a seat (a double click) cannot deadlock. Within the call, a seat
 * chosen by an earlier basket is in a checkout for a later one (the earlier one's, about to be
 * made), as it would be were they sent one after the other.
 */
export async function loadBaskets(
  tx: Db,
  requests: BasketRequest[],
  { lock = false }: { lock?: boolean } = {},
): Promise<(Basket | AppError)[]> {
  const ids = [...new Set(requests.flatMap((r) => r.enrollmentIds))].sort();
  const familyIds = [...new Set(requests.map((r) => r.familyId))].sort();
  const rows = await (lock ? basketSeatsLocked : basketSeats)(tx, { ids, familyIds });
  // Its own statement, after the lock: one started before the lock was granted (the baskets' read
  // itself) would not see the lines of a checkout committed while it waited (a double click on Pay),
  // nor seats a family paid for meanwhile.
  const now = new Date(Math.max(...requests.map((r) => r.now.getTime())));
  const result = await basketsContext(tx, { ids, now: now.toISOString(), familyIds });
  const [context] = (
    result as unknown as {
      rows: [{ busy: string[]; siblingSetting: unknown; paid: (PaidSeat & { familyId: string })[] }];
    }
  ).rows;
  const siblingPercent = siblingPercentOf(context.siblingSetting);
  const taken = new Set(context.busy);
  return requests.map((request) => {
    const chosen = new Set(request.enrollmentIds);
    const seats = rows.filter((r) => chosen.has(r.enrollmentId) && r.familyId === request.familyId);
    if (seats.length !== chosen.size) return new AppError('NOT_FOUND', PAYMENT_MESSAGES.enrollmentNotFound);
    for (const r of seats) {
      if (r.status !== UNPAID_HOLD_STATUS || !r.holdExpiresAt || r.holdExpiresAt <= request.now)
        return new AppError('CONFLICT', PAYMENT_MESSAGES.seatNotHeld);
    }
    if (seats.some((r) => taken.has(r.enrollmentId))) return new AppError('CONFLICT', PAYMENT_MESSAGES.seatInCheckout);
    if (new Set(seats.map((r) => r.currency)).size > 1)
      return new AppError('UNPROCESSABLE', PAYMENT_MESSAGES.mixedCurrencies);
    for (const r of seats) taken.add(r.enrollmentId);
    return {
      seats: seats.map(({ familyId: _family, ...seat }) => seat),
      paid: context.paid.filter((p) => p.familyId === request.familyId).map(({ familyId: _family, ...p }) => p),
      siblingPercent,
    };
  });
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
