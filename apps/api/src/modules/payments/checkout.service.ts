import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { checkoutLines, checkouts, coupons, transactions } from '@kikstart/db';
import {
  PAYMENT_MESSAGES,
  type Breakdown,
  type CheckoutOutcome,
  type CheckoutStarted,
  type CouponVerifyInput,
  type InitiatePaymentInput,
} from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import type { CreateSessionInput, PaymentGateway } from './gateway.ts';
import { loadBasket, priceSeats } from './basket.ts';
import { insertCheckouts, newCheckout, type NewCheckout } from './new-checkouts.ts';
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
  const checkout = await db.transaction(async (tx) => {
    const basket = await loadBasket(tx, { familyId, enrollmentIds: ctx.input.enrollmentIds, now }, { lock: true });
    const priced = await priceSeats(tx, { basket, couponCode: ctx.input.couponCode, now, lockCoupon: true });
    const checkout = newCheckout(ctx, priced);
    await insertCheckouts(tx, [checkout]);
    if (priced.coupon) await reserveCoupon(tx, { coupon: priced.coupon, checkoutId: checkout.id, familyId, now });
    return checkout;
  });
  return openCheckoutPage(ctx, checkout);
}

/**
 * Opens the gateway's payment page for a stored checkout (openPaymentPage) and answers the
 * parent: the breakdown, where to pay and until when.
 */
export async function openCheckoutPage(
  ctx: Pick<PaymentContext, 'db' | 'gateway' | 'now' | 'publicUrl'>,
  checkout: NewCheckout,
  keepRef?: (ref: GatewayRef) => Promise<void>,
): Promise<CheckoutStarted> {
  const { breakdown } = checkout.priced;
  const session = await openPaymentPage(
    ctx,
    checkout.id,
    PAYMENT_MESSAGES.gatewayUnavailable,
    {
      lines: breakdown.lines.map((l) => ({
        description: `${l.programTitle}: ${l.childName}`,
        amountCents: l.totalCents,
      })),
      amountCents: breakdown.totalCents,
      currency: breakdown.currency,
      successUrl: mailLink(ctx.publicUrl, 'checkoutSuccess', { id: checkout.id }),
      cancelUrl: mailLink(ctx.publicUrl, 'checkoutCancelled', { id: checkout.id }),
    },
    keepRef,
  );
  return {
    checkoutId: checkout.id,
    breakdown,
    redirectUrl: session.redirectUrl,
    expiresAt: checkout.expiresAt.toISOString(),
  };
}

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
  /** How the reference is stored: alone, or with others' (initiate-batch.ts). */
  keepRef: (ref: GatewayRef) => Promise<void> = (ref) => setGatewayRefs(ctx.db, [ref]),
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
    // The parent reads `failure` and tries again; the gateway's own error stays for the log.
    throw Object.assign(new AppError('SERVICE_UNAVAILABLE', failure), { cause: err });
  }
  await keepRef({ checkoutId, gatewayRef: opened.gatewayRef, now });
  return opened;
}

/** A checkout's reference at its gateway (the provider's session), kept once the page is open. */
export interface GatewayRef {
  checkoutId: string;
  gatewayRef: string;
  now: Date;
}

/** Any number of checkouts' references in one statement (three arrays: one text for any number). */
const setGatewayRefsStatement = fixedQuery(
  (_db, p: Placeholders<{ ids: string[]; refs: string[]; nows: string[] }>) => sql`
    update ${checkouts} set "gateway_ref" = r."ref", "updated_at" = r."now"
    from unnest(${p.ids}::uuid[], ${p.refs}::text[], ${p.nows}::timestamptz[]) as r("id", "ref", "now")
    where ${checkouts.id} = r."id"`,
);

export async function setGatewayRefs(db: Db, refs: GatewayRef[]) {
  await setGatewayRefsStatement(db, {
    ids: refs.map((r) => r.checkoutId),
    refs: refs.map((r) => r.gatewayRef),
    nows: refs.map((r) => r.now.toISOString()),
  });
}

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

/** Checkouts by id, any number (one text: fixed-query.ts); each caller's family is checked on the row. */
const checkoutsById = fixedQuery((db, p: Placeholders<{ ids: string[] }>) =>
  db
    .select()
    .from(checkouts)
    .where(sql`${checkouts.id} = any(${p.ids}::uuid[])`),
);

/** A family's checkout, or 404 (another family's checkout is not found either). */
export async function loadFamilyCheckout(db: Db, familyId: string, checkoutId: string): Promise<CheckoutRow> {
  const [row] = await loadFamilyCheckouts(db, [{ familyId, checkoutId }]);
  if (!row) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.checkoutNotFound);
  return row;
}

/** Several families' checkouts in one statement: each, in the order asked, or undefined when it is not that family's. */
export async function loadFamilyCheckouts(db: Db, wanted: { familyId: string; checkoutId: string }[]) {
  const rows = await checkoutsById(db, { ids: [...new Set(wanted.map((w) => w.checkoutId))] });
  return wanted.map((w): CheckoutRow | undefined =>
    rows.find((r) => r.id === w.checkoutId && r.familyId === w.familyId),
  );
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
