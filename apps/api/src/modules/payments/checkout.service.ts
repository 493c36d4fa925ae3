import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { asValue, fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { checkoutLines, checkouts, coupons, enrollments, transactions } from '@kikstart/db';
import {
  CHECKOUT_MINUTES,
  PAYMENT_MESSAGES,
  type Breakdown,
  type CheckoutOutcome,
  type CheckoutStarted,
  type CouponVerifyInput,
  type InitiatePaymentInput,
} from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import { writingCte } from '../../lib/writing-cte.ts';
import type { CreateSessionInput, PaymentGateway } from './gateway.ts';
import { loadBasket, priceSeats } from './basket.ts';
import { lineAmounts } from './line-amounts.ts';
import { assertCouponLimits, reserveCoupon, settleRedemption } from './coupons.service.ts';
import { applyPaymentEvent } from './payment-events.ts';
import type { PaymentWritten } from './paid-checkout.ts';
import { settlePendingRefunds } from './refunds.ts';
import { mailLink } from '@kikstart/contract/mail-links';

export interface PaymentContext {
  db: Db;
  gateway: PaymentGateway;
  familyId: string;
  userId: string;
  publicUrl: string;
  /** The request's time, from the app clock. */
  now: Date;
}

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * POST /stripe-single-payment/initiate: prices the chosen held seats on the server, reserves
 * the coupon, stores the checkout with its lines, extends each seat's hold to the checkout's
 * expiry and opens the gateway's payment page. The browser is sent to `redirectUrl`; nothing
 * it sends back is believed (see confirmCheckout).
 */
export async function initiateCheckout(
  ctx: PaymentContext & { input: InitiatePaymentInput },
): Promise<CheckoutStarted> {
  const { db, now, familyId } = ctx;
  const expiresAt = new Date(now.getTime() + (ctx.gateway.sessionMinutes ?? CHECKOUT_MINUTES) * 60_000);
  const { checkout, priced } = await db.transaction(async (tx) => {
    const basket = await loadBasket(tx, { familyId, enrollmentIds: ctx.input.enrollmentIds, now, lock: true });
    const { seats } = basket;
    const priced = await priceSeats(tx, { basket, couponCode: ctx.input.couponCode, now, lockCoupon: true });
    const [checkout] = await insertCheckout(tx, {
      id: randomUUID(),
      familyId,
      createdBy: ctx.userId,
      gateway: ctx.gateway.name,
      currency: priced.breakdown.currency,
      subtotalCents: priced.breakdown.subtotalCents,
      siblingDiscountCents: priced.breakdown.siblingDiscountCents,
      couponDiscountCents: priced.breakdown.couponDiscountCents,
      totalCents: priced.breakdown.totalCents,
      couponId: priced.coupon?.id ?? null,
      couponCode: priced.coupon?.code ?? null,
      siblingPercent: priced.siblingPercent,
      expiresAt,
      createdAt: now,
      updatedAt: now,
      lines: JSON.stringify(
        priced.breakdown.lines.map((l, i) => ({
          enrollmentId: l.enrollmentId,
          programId: seats[i]!.program.id,
          ...lineAmounts(l),
        })),
      ),
      seatIds: seats.map((seat) => seat.enrollmentId),
    });
    if (priced.coupon) await reserveCoupon(tx, { coupon: priced.coupon, checkoutId: checkout!.id, familyId, now });
    return { checkout: checkout!, priced };
  });
  const session = await openPaymentPage(ctx, checkout.id, PAYMENT_MESSAGES.gatewayUnavailable, {
    lines: priced.breakdown.lines.map((l) => ({
      description: `${l.programTitle}: ${l.childName}`,
      amountCents: l.totalCents,
    })),
    amountCents: checkout.totalCents,
    currency: checkout.currency,
    successUrl: mailLink(ctx.publicUrl, 'checkoutSuccess', { id: checkout.id }),
    cancelUrl: mailLink(ctx.publicUrl, 'checkoutCancelled', { id: checkout.id }),
  });
  return {
    checkoutId: checkout.id,
    breakdown: priced.breakdown,
    redirectUrl: session.redirectUrl,
    expiresAt: expiresAt.toISOString(),
  };
}

type NewCheckout = Required<
  Pick<
    typeof checkouts.$inferInsert,
    | 'familyId'
    | 'createdBy'
    | 'gateway'
    | 'currency'
    | 'subtotalCents'
    | 'siblingDiscountCents'
    | 'couponDiscountCents'
    | 'totalCents'
    | 'couponId'
    | 'couponCode'
    | 'siblingPercent'
    | 'expiresAt'
    | 'createdAt'
    | 'updatedAt'
  >
>;

/**
 * A one-time payment's checkout in one statement: its row, its lines (`lines`, as JSON, in the
 * breakdown's order), and its seats (`seatIds`) held at least until it expires, so they stay held
 * while the payment is open and the sweeper sends no lapse mail. Three statements before, each a
 * round trip while the basket's rows are locked (fixed-query.ts: built once). The checkout's id is
 * made here so the lines can name it; their foreign key is checked at the end of the statement,
 * when the checkout exists.
 */
const insertCheckout = fixedQuery(
  (db, p: Placeholders<NewCheckout & { id: string; lines: string; seatIds: string[] }>) => {
    const lines = writingCte(
      db,
      'lines',
      sql`
      insert into ${checkoutLines} ("checkout_id", "enrollment_id", "program_id", "child_name", "program_title",
        "price_cents", "sibling_discount_cents", "coupon_discount_cents", "total_cents")
      select ${p.id}::uuid, l."enrollmentId", l."programId", l."childName", l."programTitle",
        l."priceCents", l."siblingDiscountCents", l."couponDiscountCents", l."totalCents"
      from jsonb_to_recordset(${p.lines}::jsonb) as l("enrollmentId" uuid, "programId" uuid, "childName" text,
        "programTitle" text, "priceCents" int, "siblingDiscountCents" int, "couponDiscountCents" int, "totalCents" int)`,
    );
    const holds = writingCte(
      db,
      'holds',
      db
        .update(enrollments)
        .set({
          holdExpiresAt: sql`greatest(${enrollments.holdExpiresAt}, ${p.expiresAt}::timestamptz)`,
          updatedAt: asValue(p.updatedAt),
        })
        .where(sql`${enrollments.id} = any(${p.seatIds}::uuid[])`),
    );
    return db
      .with(lines, holds)
      .insert(checkouts)
      .values({
        id: p.id,
        familyId: p.familyId,
        createdBy: p.createdBy,
        gateway: p.gateway,
        currency: p.currency,
        subtotalCents: p.subtotalCents,
        siblingDiscountCents: p.siblingDiscountCents,
        couponDiscountCents: p.couponDiscountCents,
        totalCents: p.totalCents,
        couponId: p.couponId,
        couponCode: p.couponCode,
        siblingPercent: p.siblingPercent,
        expiresAt: p.expiresAt,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      })
      .returning();
  },
);

/** POST /coupon/verify: the breakdown with the code applied, or a 422 saying why not. Reserves nothing. */
export async function verifyCoupon(
  ctx: Pick<PaymentContext, 'db' | 'familyId' | 'now'> & { input: CouponVerifyInput },
): Promise<Breakdown> {
  const { db, familyId, now } = ctx;
  const basket = await loadBasket(db, { familyId, enrollmentIds: ctx.input.enrollmentIds, now });
  const priced = await priceSeats(db, { basket, couponCode: ctx.input.code, now });
  await assertCouponLimits(db, priced.coupon!, familyId);
  return priced.breakdown;
}

/**
 * Opens the provider's payment page for a stored checkout and keeps its reference. The provider
 * call is outside any transaction (a network call holds no locks); if it fails, the checkout ends
 * at once with `failure` so its seats and coupon are free for the next try.
 */
export async function openPaymentPage(
  ctx: Pick<PaymentContext, 'db' | 'gateway' | 'now'>,
  checkoutId: string,
  failure: string,
  session: Omit<CreateSessionInput, 'checkoutId' | 'idempotencyKey'>,
) {
  const { db, now } = ctx;
  let opened: { gatewayRef: string; redirectUrl: string };
  try {
    opened = await ctx.gateway.createCheckoutSession({
      ...session,
      checkoutId,
      idempotencyKey: `checkout:${checkoutId}`,
    });
  } catch (err) {
    await endCheckout(db, { checkoutId, status: 'failed', now, reason: failure });
    throw err;
  }
  await setGatewayRef(db, { checkoutId, gatewayRef: opened.gatewayRef, now });
  return opened;
}

const setGatewayRef = fixedQuery((db, p: Placeholders<{ checkoutId: string; gatewayRef: string; now: Date }>) =>
  db
    .update(checkouts)
    .set({ gatewayRef: asValue(p.gatewayRef), updatedAt: asValue(p.now) })
    .where(eq(checkouts.id, p.checkoutId)),
);

/** Ends an open checkout unpaid: its lines and coupon are released; the seats keep their holds. */
export async function endCheckout(
  db: Db,
  opts: { checkoutId: string; status: 'failed' | 'expired' | 'cancelled'; now: Date; reason?: string },
) {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(checkouts)
      .set({ status: opts.status, failureReason: opts.reason ?? null, endedAt: opts.now, updatedAt: opts.now })
      .where(and(eq(checkouts.id, opts.checkoutId), eq(checkouts.status, 'open')))
      .returning({ id: checkouts.id });
    if (!ended.length) return;
    await tx.update(checkoutLines).set({ status: 'released' }).where(eq(checkoutLines.checkoutId, opts.checkoutId));
    await settleRedemption(tx, { checkoutId: opts.checkoutId, status: 'released', now: opts.now });
  });
}

/**
 * POST /stripe-single-payment/cancel: the parent left the payment page. The gateway's session is
 * closed first, then the checkout ends (coupon released, seats free for a new payment and still
 * held until their hold ends). A payment the provider completed meanwhile still lands as a late
 * payment. Cancelling a checkout that already ended answers its state unchanged.
 */
export async function cancelCheckout(ctx: PaymentContext & { checkoutId: string }): Promise<CheckoutOutcome> {
  const checkout = await loadFamilyCheckout(ctx.db, ctx.familyId, ctx.checkoutId);
  if (checkout.status === 'open') {
    // An office payment chosen beside the card gateway has no provider session to close.
    if (checkout.gatewayRef && checkout.gateway === ctx.gateway.name)
      await ctx.gateway.cancelCheckoutSession(checkout.gatewayRef);
    await endCheckout(ctx.db, { checkoutId: checkout.id, status: 'cancelled', now: ctx.now });
  }
  return checkoutOutcome(ctx.db, await loadFamilyCheckout(ctx.db, ctx.familyId, ctx.checkoutId));
}

/** Every minute: open checkouts past their expiry end (the gateway can still pay late: see payment-events). */
export async function expireLapsedCheckouts(opts: { db: Db; now: Date }) {
  const lapsed = await opts.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.status, 'open'), lte(checkouts.expiresAt, opts.now)));
  for (const { id } of lapsed) await endCheckout(opts.db, { checkoutId: id, status: 'expired', now: opts.now });
  return lapsed.length;
}

const familyCheckout = fixedQuery((db, p: Placeholders<{ familyId: string; checkoutId: string }>) =>
  db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, p.checkoutId), eq(checkouts.familyId, p.familyId))),
);

export async function loadFamilyCheckout(db: Db, familyId: string, checkoutId: string): Promise<CheckoutRow> {
  const [row] = await familyCheckout(db, { familyId, checkoutId });
  if (!row) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.checkoutNotFound);
  return row;
}

/**
 * A checkout's stored state and breakdown, as the parent sees it. `known` is what the caller has
 * just written in the payment's transaction (its lines in id order and the payment's id), so
 * answering a payment does not read them back.
 */
export async function checkoutOutcome(
  db: Db,
  checkout: CheckoutRow,
  known?: Pick<PaymentWritten, 'lines' | 'transactionId'>,
): Promise<CheckoutOutcome> {
  const lines =
    known?.lines ??
    (await db
      .select()
      .from(checkoutLines)
      .where(eq(checkoutLines.checkoutId, checkout.id))
      .orderBy(asc(checkoutLines.id)));
  const [coupon] = checkout.couponId
    ? await db.select({ description: coupons.description }).from(coupons).where(eq(coupons.id, checkout.couponId))
    : [];
  const [payment] = known
    ? [{ id: known.transactionId }]
    : await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.checkoutId, checkout.id), eq(transactions.kind, 'payment')));
  return {
    checkoutId: checkout.id,
    state: checkout.status,
    failureReason: checkout.failureReason,
    transactionId: payment?.id ?? null,
    expiresAt: checkout.expiresAt.toISOString(),
    breakdown: {
      lines: lines.map((l) => ({
        enrollmentId: l.enrollmentId ?? '',
        childName: l.childName ?? '',
        programTitle: l.programTitle,
        priceCents: l.priceCents,
        siblingDiscountCents: l.siblingDiscountCents,
        couponDiscountCents: l.couponDiscountCents,
        totalCents: l.totalCents,
      })),
      subtotalCents: checkout.subtotalCents,
      siblingDiscountCents: checkout.siblingDiscountCents,
      couponDiscountCents: checkout.couponDiscountCents,
      totalCents: checkout.totalCents,
      currency: checkout.currency,
      siblingPercent: checkout.siblingPercent,
      coupon: checkout.couponCode ? { code: checkout.couponCode, description: coupon?.description ?? '' } : null,
    },
  };
}

/**
 * POST /stripe-subscription/single-payment: when the parent comes back from the payment page,
 * asks the gateway for the session's outcome and applies it as an event (a no-op when the
 * webhook, or the sandbox page, applied it first). Never takes the outcome from the browser.
 */
export async function confirmCheckout(ctx: PaymentContext & { checkoutId: string }): Promise<CheckoutOutcome> {
  const { db, now } = ctx;
  let checkout = await loadFamilyCheckout(db, ctx.familyId, ctx.checkoutId);
  // Any unpaid state asks again: a provider may complete a payment after the checkout ended here.
  if (checkout.status !== 'paid' && checkout.gatewayRef) {
    const outcome = await ctx.gateway.retrieveCheckoutSession(checkout.gatewayRef);
    if (outcome.state !== 'open') {
      const { written } = await applyPaymentEvent({ db, event: outcome.event, now, publicUrl: ctx.publicUrl });
      if (written) return answerPayment(ctx, written);
      await settlePendingRefunds({ db, gateway: ctx.gateway, now });
      checkout = await loadFamilyCheckout(db, ctx.familyId, ctx.checkoutId);
    }
  }
  return checkoutOutcome(db, checkout);
}

/**
 * The parent's answer once their payment was applied, from what it wrote. A refund it queued (a
 * seat lost to a lapsed hold) is sent at once, and the outcome then read again with it; other
 * pending refunds are the minute worker's (payments-worker.ts).
 */
export async function answerPayment(ctx: Pick<PaymentContext, 'db' | 'gateway' | 'now'>, written: PaymentWritten) {
  if (!written.refundQueued) return checkoutOutcome(ctx.db, written.checkout, written);
  await settlePendingRefunds({ db: ctx.db, gateway: ctx.gateway, now: ctx.now });
  const [checkout] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, written.checkout.id));
  return checkoutOutcome(ctx.db, checkout!);
}
