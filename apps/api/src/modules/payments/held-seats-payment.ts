import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { checkoutLines, checkouts, enrollments, mailOutbox, transactions, users } from '@kikstart/db';
import { CONFIRMED_STATUS, UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import type { GatewayEvent } from './gateway.ts';
import { receiptMail, RECEIPT_TEMPLATE } from './receipts.ts';
import { guardiansMailValues } from '../mail/mail.service.ts';
import { MAIL_QUEUED_CHANNEL } from '../mail/mail.worker.ts';
import type { PaymentWritten } from './paid-checkout.ts';

type LineRow = typeof checkoutLines.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * The usual payment: every line's seat still held by the checkout's family. Recording it is one
 * statement, for one payment or for every payment of a batch (payment-event-batch.ts): the seats
 * confirmed, the checkouts paid, their lines paid, each payment's transaction and its receipt to
 * the family's guardians, and the mail workers' wake-up at commit. Each was a statement of its
 * own, and on registration day every statement is a round trip while the payment's transaction
 * holds its connection (the only one, on PGlite).
 */

/** One payment of held seats, as the statement takes it. */
interface HeldSeatsPayment {
  checkoutId: string;
  familyId: string;
  transactionId: string;
  paymentRef: string | null;
  amountCents: number;
  currency: string;
  description: string;
  gatewayRef: string;
  now: Date;
  /** The receipt (guardiansMailValues). */
  template: string;
  subject: string;
  text: string;
  html: string;
  links: string;
}

/** The payment of a checkout's held seats, and what it writes (the parent's answer is made from it). */
export function heldSeatsPayment(opts: {
  checkout: CheckoutRow & { familyId: string };
  event: GatewayEvent;
  now: Date;
  publicUrl: string;
  lines: LineRow[];
}): { payment: HeldSeatsPayment; written: PaymentWritten } {
  const { checkout, event, now, lines } = opts;
  const values = paymentValues(checkout, event, now, paymentDescription(lines));
  const { transactionId } = values;
  const receipt = receiptMail({ checkout, lines, transactionId, publicUrl: opts.publicUrl });
  return {
    payment: { ...values, ...guardiansMailValues(checkout.familyId, RECEIPT_TEMPLATE, receipt) },
    written: { checkout: paidCheckout(checkout, event, now), lines, transactionId, refundQueued: false },
  };
}

/** The payment's transaction row (its id made here, so the receipt can link to it before it is written). */
export const paymentValues = (checkout: CheckoutRow, event: GatewayEvent, now: Date, description: string) => ({
  transactionId: randomUUID(),
  checkoutId: checkout.id,
  familyId: checkout.familyId,
  paymentRef: event.paymentRef ?? null,
  amountCents: checkout.totalCents,
  currency: checkout.currency,
  description,
  gatewayRef: event.paymentRef ?? event.gatewayRef,
  now,
});

/** What a one-time payment's transaction says it paid for. */
export const paymentDescription = (lines: LineRow[]) =>
  lines.length === 1 ? lines[0]!.programTitle : `${lines.length} program seats`;

/** A paid checkout's row: the values the statement below (and markCheckoutPaid) writes. */
export const paidCheckout = (checkout: CheckoutRow, event: GatewayEvent, now: Date): CheckoutRow => ({
  ...checkout,
  status: 'paid',
  paymentRef: event.paymentRef ?? null,
  failureReason: null,
  paidAt: now,
  endedAt: now,
  updatedAt: now,
});

/**
 * The payments as one JSON array (one text for any number: fixed-query.ts). The seats are locked
 * in basket order (created, id) across all of them, the order initiate locks them in, so a
 * payment and a new checkout for the same seats cannot deadlock; a seat that changed before its
 * lock was granted is re-read under it and, no longer held, not confirmed. The checkouts' rows
 * are already locked by the caller (payment-events.ts, payment-event-batch.ts).
 */
const payHeldSeatsStatement = fixedQuery(
  (_db, p: Placeholders<{ payments: string }>) => sql`
    with p as (
      select * from jsonb_to_recordset(${p.payments}::jsonb) as p("checkoutId" uuid, "familyId" uuid,
        "transactionId" uuid, "paymentRef" text, "amountCents" int, "currency" text, "description" text,
        "gatewayRef" text, "now" timestamptz, "template" text, "subject" text, "text" text, "html" text,
        "links" text)
    ),
    held as (
      select e."id", p."checkoutId", p."now"
      from ${enrollments} e
        join ${checkoutLines} l on l."enrollment_id" = e."id"
        join p on p."checkoutId" = l."checkout_id"
      where e."family_id" = p."familyId" and e."status" = ${UNPAID_HOLD_STATUS}
      order by e."created_at", e."id"
      for update of e
    ),
    seats as (
      update ${enrollments} set "status" = ${CONFIRMED_STATUS}, "confirmed_at" = held."now",
        "hold_expires_at" = null, "ended_at" = null, "updated_at" = held."now"
      from held where ${enrollments.id} = held."id"
      returning held."checkoutId"
    ),
    paid as (
      update ${checkouts} set "status" = 'paid', "payment_ref" = p."paymentRef", "failure_reason" = null,
        "paid_at" = p."now", "ended_at" = p."now", "updated_at" = p."now"
      from p where ${checkouts.id} = p."checkoutId"
    ),
    lines as (update ${checkoutLines} set "status" = 'paid' from p where ${checkoutLines.checkoutId} = p."checkoutId"),
    payment as (
      insert into ${transactions} ("id", "family_id", "checkout_id", "kind", "status", "amount_cents", "currency",
        "description", "gateway_ref", "created_at", "settled_at")
      select p."transactionId", p."familyId", p."checkoutId", 'payment', 'succeeded', p."amountCents", p."currency",
        p."description", p."gatewayRef", p."now", p."now"
      from p
    ),
    receipt as (
      insert into ${mailOutbox} ("to", "template", "subject", "text", "html", "links")
      select u."email", p."template", p."subject", p."text", p."html", p."links"::jsonb
      from p join ${users} u on u."family_id" = p."familyId"
    )
    -- pg_notify answers void; as "is null" it is a column every driver reads.
    select p."checkoutId", (select count(*)::int from seats where seats."checkoutId" = p."checkoutId") as "confirmed",
      (select pg_notify(${MAIL_QUEUED_CHANNEL}, '') is null) as "notified"
    from p`,
);

/**
 * Records the payments; answers, in their order, how many seats each confirmed. Fewer than its
 * lines means a seat changed since it was read as held: the caller rolls everything back and
 * settles that payment line by line under the program locks.
 */
export async function payHeldSeats(tx: Db, payments: HeldSeatsPayment[]): Promise<number[]> {
  const result = await payHeldSeatsStatement(tx, { payments: JSON.stringify(payments) });
  const rows = (result as unknown as { rows: { checkoutId: string; confirmed: number }[] }).rows;
  const confirmed = new Map(rows.map((r) => [r.checkoutId, Number(r.confirmed)]));
  return payments.map((p) => confirmed.get(p.checkoutId) ?? 0);
}
