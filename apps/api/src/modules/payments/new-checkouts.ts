import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { checkoutLines, checkouts, enrollments } from '@kikstart/db';
import { CHECKOUT_MINUTES } from '@kikstart/contract/payments';
import type { PricedBasket } from './basket.ts';
import type { PaymentContext } from './checkout.service.ts';
import { lineAmounts } from './line-amounts.ts';

/**
 * One-time payments' checkouts before they exist: made from priced baskets (`newCheckout`), then
 * stored, one or a batch of them, in one statement (`insertCheckouts`). Starting a payment alone
 * (checkout.service.ts) and together (initiate-batch.ts) both use them.
 */

/** A checkout about to be stored: its row's values, and the priced basket it was made from. */
export interface NewCheckout {
  id: string;
  familyId: string;
  createdBy: string;
  gateway: string;
  priced: PricedBasket;
  expiresAt: Date;
  now: Date;
}

/** The checkout for a priced basket, open until the gateway's session ends (at least 30 minutes). */
export function newCheckout(
  ctx: Pick<PaymentContext, 'familyId' | 'userId' | 'gateway' | 'now'>,
  priced: PricedBasket,
): NewCheckout {
  const minutes = ctx.gateway.sessionMinutes ?? CHECKOUT_MINUTES;
  return {
    id: randomUUID(),
    familyId: ctx.familyId,
    createdBy: ctx.userId,
    gateway: ctx.gateway.name,
    priced,
    expiresAt: new Date(ctx.now.getTime() + minutes * 60_000),
    now: ctx.now,
  };
}

/**
 * One-time payments' checkouts in one statement, however many: each row, its lines (in the
 * breakdown's order), and its seats held at least until it expires, so they stay held while the
 * payment is open and the sweeper sends no lapse mail. Three statements a checkout before, each a
 * round trip while the basket's rows are locked. The checkouts go as one JSON array (one text
 * for any number: fixed-query.ts), their ids made here so the lines can name them; the lines'
 * foreign key is checked at the end of the statement, when the checkouts exist.
 */
const insertCheckoutsStatement = fixedQuery(
  (_db, p: Placeholders<{ checkouts: string }>) => sql`
    with c as (
      select * from jsonb_to_recordset(${p.checkouts}::jsonb) as c("id" uuid, "familyId" uuid, "createdBy" uuid,
        "gateway" text, "currency" text, "subtotalCents" int, "siblingDiscountCents" int, "couponDiscountCents" int,
        "totalCents" int, "couponId" uuid, "couponCode" text, "siblingPercent" int, "expiresAt" timestamptz,
        "now" timestamptz, "lines" jsonb)
    ),
    stored as (
      insert into ${checkouts} ("id", "family_id", "created_by", "gateway", "currency", "subtotal_cents",
        "sibling_discount_cents", "coupon_discount_cents", "total_cents", "coupon_id", "coupon_code",
        "sibling_percent", "expires_at", "created_at", "updated_at")
      select c."id", c."familyId", c."createdBy", c."gateway", c."currency", c."subtotalCents",
        c."siblingDiscountCents", c."couponDiscountCents", c."totalCents", c."couponId", c."couponCode",
        c."siblingPercent", c."expiresAt", c."now", c."now"
      from c
    ),
    lines as (
      insert into ${checkoutLines} ("checkout_id", "enrollment_id", "program_id", "child_name", "program_title",
        "price_cents", "sibling_discount_cents", "coupon_discount_cents", "total_cents")
      select c."id", l."enrollmentId", l."programId", l."childName", l."programTitle",
        l."priceCents", l."siblingDiscountCents", l."couponDiscountCents", l."totalCents"
      from c cross join lateral jsonb_to_recordset(c."lines") as l("enrollmentId" uuid, "programId" uuid,
        "childName" text, "programTitle" text, "priceCents" int, "siblingDiscountCents" int,
        "couponDiscountCents" int, "totalCents" int)
    ),
    holds as (
      update ${enrollments} set "hold_expires_at" = greatest(${enrollments.holdExpiresAt}, c."expiresAt"),
        "updated_at" = c."now"
      from c cross join lateral jsonb_to_recordset(c."lines") as l("enrollmentId" uuid)
      where ${enrollments.id} = l."enrollmentId"
    )
    select count(*)::int as "stored" from c`,
);

export async function insertCheckouts(tx: Db, batch: NewCheckout[]) {
  const rows = batch.map(({ priced, ...checkout }) => ({
    ...checkout,
    currency: priced.breakdown.currency,
    subtotalCents: priced.breakdown.subtotalCents,
    siblingDiscountCents: priced.breakdown.siblingDiscountCents,
    couponDiscountCents: priced.breakdown.couponDiscountCents,
    totalCents: priced.breakdown.totalCents,
    couponId: priced.coupon?.id ?? null,
    couponCode: priced.coupon?.code ?? null,
    siblingPercent: priced.siblingPercent,
    lines: priced.breakdown.lines.map((l, i) => ({
      enrollmentId: l.enrollmentId,
      programId: priced.seats[i]!.program.id,
      ...lineAmounts(l),
    })),
  }));
  await insertCheckoutsStatement(tx, { checkouts: JSON.stringify(rows) });
}
