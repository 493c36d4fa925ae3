import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import { checkouts, transactions } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import {
  ADMIN_MONEY_MESSAGES,
  type AdminTransaction,
  type RefundInput,
  type adminTransactionQuerySchema,
} from '@kikstart/contract/admin-money';
import type { z } from 'zod';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { AppError } from '../../lib/errors.ts';
import { qualified } from '../../lib/qualified-column.ts';
import { mailGuardians } from '../mail/mail.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { familyEmailMatches, familyEmailOf } from './family-email.ts';
import { formatMoney } from './receipts.ts';
import { refundableCents, settlePendingRefunds } from './refunds.ts';

type Query = z.output<typeof adminTransactionQuerySchema>;

const familyEmail = familyEmailOf(transactions.familyId);
/** Payments: the payment less every refund of its checkout (pending or sent). */
const refundable = sql<number>`case when ${qualified(transactions.kind)} = 'payment' and ${qualified(transactions.status)} = 'succeeded' then greatest(0, ${qualified(transactions.amountCents)} - coalesce((select sum(r.amount_cents) from ${transactions} r where r.checkout_id = ${qualified(transactions.checkoutId)} and r.kind = 'refund' and r.status in ('pending', 'succeeded')), 0))::int else 0 end`;

const columns = {
  id: transactions.id,
  kind: transactions.kind,
  status: transactions.status,
  amountCents: transactions.amountCents,
  currency: transactions.currency,
  description: transactions.description,
  failureReason: transactions.failureReason,
  checkoutId: transactions.checkoutId,
  familyId: transactions.familyId,
  familyEmail,
  gateway: checkouts.gateway,
  reference: sql<string | null>`coalesce(${transactions.gatewayRef}, ${checkouts.paymentRef})`,
  refundableCents: refundable,
  refundReason: transactions.refundReason,
  createdAt: transactions.createdAt,
};

const view = (row: Awaited<ReturnType<typeof selectRows>>[number]): AdminTransaction => ({
  ...row,
  refundableCents: Number(row.refundableCents),
  createdAt: row.createdAt.toISOString(),
});

const selectRows = (db: Db, where: SQL | undefined) =>
  db.select(columns).from(transactions).leftJoin(checkouts, eq(checkouts.id, transactions.checkoutId)).where(where);

/** The day after `day` (YYYY-MM-DD), for an inclusive "until". */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** GET /admin/transactions: every family's payments, refunds and failed attempts, filtered on the server. */
export async function listAdminTransactions(db: Db, query: Query): Promise<AdminPage<AdminTransaction>> {
  const term = query.q ? containsPattern(query.q) : null;
  const where = and(
    query.kind ? eq(transactions.kind, query.kind) : undefined,
    query.status ? eq(transactions.status, query.status) : undefined,
    query.familyId ? eq(transactions.familyId, query.familyId) : undefined,
    query.from ? gte(transactions.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.until ? lt(transactions.createdAt, dayAfter(query.until)) : undefined,
    term
      ? or(
          familyEmailMatches(transactions.familyId, term),
          ilike(transactions.gatewayRef, term),
          ilike(checkouts.paymentRef, term),
          sql`${transactions.id}::text ilike ${term}`,
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    selectRows(db, where)
      .orderBy(
        ...orderFrom(
          query.sort,
          { createdAt: transactions.createdAt, amountCents: transactions.amountCents },
          desc(transactions.createdAt),
        ),
        desc(transactions.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .leftJoin(checkouts, eq(checkouts.id, transactions.checkoutId))
      .where(where),
  ]);
  return { items: rows.map(view), total: count?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

async function loadTransaction(db: Db, id: string) {
  const [row] = await selectRows(db, eq(transactions.id, id));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MONEY_MESSAGES.transactionNotFound);
  return view(row);
}

/**
 * POST /admin/transactions/:id/refund: part or all of a payment back to the family, with staff's
 * reason. Recorded as a pending refund with the payment locked, so two refunds at once cannot
 * both take the same remainder; the request id is the idempotency key, so a double click
 * answers the first refund. Sent to the gateway right after commit (the payments worker retries
 * if the provider does not answer); an office payment's refund waits for staff to hand it back.
 */
export async function refundPayment(opts: {
  db: Db;
  gateway: PaymentGateway;
  now: Date;
  staffId: string;
  transactionId: string;
  input: RefundInput;
  log?: FastifyBaseLogger;
}): Promise<{ refund: AdminTransaction; message: string }> {
  const { db, now, input } = opts;
  const key = `refund:staff:${input.requestId}`;
  const refundId = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(transactions).where(eq(transactions.id, opts.transactionId)).for('update');
    if (!payment) throw new AppError('NOT_FOUND', ADMIN_MONEY_MESSAGES.transactionNotFound);
    const [again] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, key));
    if (again) return again.id;
    if (payment.kind !== 'payment' || payment.status !== 'succeeded' || !payment.checkoutId)
      throw new AppError('CONFLICT', ADMIN_MONEY_MESSAGES.notRefundable);
    const left = await refundableCents(tx, payment.checkoutId);
    if (input.amountCents > left)
      throw new AppError('UNPROCESSABLE', ADMIN_MONEY_MESSAGES.refundTooLarge, {
        amountCents: `${ADMIN_MONEY_MESSAGES.refundTooLarge} (${formatMoney(left, payment.currency)})`,
      });
    const [refund] = await tx
      .insert(transactions)
      .values({
        familyId: payment.familyId,
        checkoutId: payment.checkoutId,
        kind: 'refund',
        status: 'pending',
        amountCents: input.amountCents,
        currency: payment.currency,
        description: `Refund: ${payment.description}`,
        idempotencyKey: key,
        refundedBy: opts.staffId,
        refundReason: input.reason,
        createdAt: now,
      })
      .returning({ id: transactions.id });
    if (payment.familyId)
      await mailGuardians(tx, payment.familyId, 'refund', {
        subject: `Refund of ${formatMoney(input.amountCents, payment.currency)}`,
        paragraphs: [
          `We are refunding ${formatMoney(input.amountCents, payment.currency)} of your payment for ${payment.description}.`,
          `Reason: ${input.reason}`,
          'A card refund reaches your account in 5 to 10 business days. A payment made at the office is handed back there.',
        ],
      });
    return refund!.id;
  });
  await settlePendingRefunds({ db, gateway: opts.gateway, now, transactionId: refundId, log: opts.log });
  const refund = await loadTransaction(db, refundId);
  const message =
    refund.status === 'succeeded'
      ? ADMIN_MONEY_MESSAGES.refundSent
      : refund.gateway === 'manual'
        ? ADMIN_MONEY_MESSAGES.refundOffice
        : ADMIN_MONEY_MESSAGES.refundPending;
  return { refund, message };
}

/**
 * POST /admin/transactions/:id/handed-back: staff gave an office payment's refund back in person,
 * so it is settled (nothing is sent to a provider for an office payment).
 */
export async function markRefundHandedBack(opts: { db: Db; now: Date; transactionId: string }) {
  const row = await loadTransaction(opts.db, opts.transactionId);
  if (row.kind !== 'refund' || row.gateway !== 'manual')
    throw new AppError('CONFLICT', ADMIN_MONEY_MESSAGES.refundNotOffice);
  if (row.status === 'pending')
    await opts.db
      .update(transactions)
      .set({ status: 'succeeded', settledAt: opts.now })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')));
  return loadTransaction(opts.db, row.id);
}
