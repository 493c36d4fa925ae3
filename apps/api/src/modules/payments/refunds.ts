import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, programs, refundRequests, transactions } from '@kikstart/db';
import type { PaymentGateway } from './gateway.ts';

type LineRow = typeof checkoutLines.$inferSelect;

/**
 * What is left to refund of a checkout's payment: what was paid less every refund decided
 * (pending or sent). Staff's partial refunds and a line's refund on drop-out both count, so
 * together they never exceed the payment.
 */
export async function refundableCents(tx: Db, checkoutId: string): Promise<number> {
  const [row] = await tx
    .select({
      paid: sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.kind} = 'payment' and ${transactions.status} = 'succeeded'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.kind} = 'refund' and ${transactions.status} in ('pending', 'succeeded')), 0)::int`,
    })
    .from(transactions)
    .where(eq(transactions.checkoutId, checkoutId));
  return Math.max(0, (row?.paid ?? 0) - (row?.refunded ?? 0));
}

/**
 * Records a line's refund as a pending transaction in the caller's transaction; the refund is
 * sent to the gateway after commit by settlePendingRefunds, with the line's idempotency key, so
 * a crash or a retry between the two never refunds twice. A refund returns what the line paid.
 */
export async function refundLine(
  tx: Db,
  opts: {
    checkout: { id: string; familyId: string | null; currency: string };
    line: LineRow;
    now: Date;
    reason: string;
    description: string;
  },
) {
  const { line, now } = opts;
  await tx.update(checkoutLines).set({ status: 'refunded' }).where(eq(checkoutLines.id, line.id));
  // Staff may have refunded part of the payment already: the line gets what is left, at most.
  const amountCents = Math.min(line.totalCents, await refundableCents(tx, opts.checkout.id));
  if (amountCents <= 0) return;
  await tx
    .insert(transactions)
    .values({
      familyId: opts.checkout.familyId,
      checkoutId: opts.checkout.id,
      checkoutLineId: line.id,
      kind: 'refund',
      status: 'pending',
      amountCents,
      currency: opts.checkout.currency,
      description: opts.description,
      failureReason: null,
      idempotencyKey: `refund:line:${line.id}`,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Drop-out of a paid seat (enrollments.service dropOut, inside its seat lock): before the
 * program's first day the line is refunded in full automatically; from the first day on, a
 * refund request is recorded for staff to decide. A seat with no paid line (covered, or seeded)
 * has nothing to refund.
 */
export async function refundOnDropOut(
  tx: Db,
  opts: { enrollmentId: string; familyId: string; now: Date; reason: string },
) {
  const [paid] = await tx
    .select({
      line: checkoutLines,
      checkout: { id: checkouts.id, familyId: checkouts.familyId, currency: checkouts.currency },
      firstDate: programs.firstDate,
    })
    .from(checkoutLines)
    .innerJoin(checkouts, eq(checkouts.id, checkoutLines.checkoutId))
    .innerJoin(programs, eq(programs.id, checkoutLines.programId))
    .where(
      and(
        eq(checkoutLines.enrollmentId, opts.enrollmentId),
        eq(checkoutLines.status, 'paid'),
        eq(checkouts.status, 'paid'),
      ),
    );
  if (!paid) return null;
  const today = opts.now.toISOString().slice(0, 10);
  if (today < paid.firstDate) {
    await refundLine(tx, {
      checkout: paid.checkout,
      line: paid.line,
      now: opts.now,
      reason: 'drop_out',
      description: `Refund: ${paid.line.programTitle} (dropped out before the first session)`,
    });
    return 'refunded' as const;
  }
  await tx.insert(refundRequests).values({
    familyId: opts.familyId,
    enrollmentId: opts.enrollmentId,
    checkoutLineId: paid.line.id,
    amountCents: paid.line.totalCents,
    currency: paid.checkout.currency,
    reason: opts.reason,
    createdAt: opts.now,
  });
  return 'requested' as const;
}

/** A pending refund of a card payment (joined with its checkout): what settlePendingRefunds sends. */
const refundToSend = and(
  eq(transactions.kind, 'refund'),
  eq(transactions.status, 'pending'),
  sql`${checkouts.paymentRef} is not null`,
  ne(checkouts.gateway, 'manual'),
);

async function anyRefundToSend(db: Db) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(checkouts, eq(checkouts.id, transactions.checkoutId))
    .where(refundToSend)
    .limit(1);
  return !!row;
}

/**
 * Sends pending refunds to the gateway, a few at a time. Each is claimed with `for update skip
 * locked`, so several API processes share the work (the mail worker's claim); the gateway's
 * idempotency key makes a repeated send harmless. A refund the gateway refuses stays pending
 * and is tried again on the next run. Office payments are not sent anywhere: staff hand the
 * money back and mark it (admin-transactions), so the job leaves them alone instead of warning
 * about them every minute. `transactionId` sends that one refund now (staff's refund button).
 */
export async function settlePendingRefunds(opts: {
  db: Db;
  gateway: PaymentGateway;
  now: Date;
  limit?: number;
  log?: FastifyBaseLogger;
  transactionId?: string;
  /** A shutdown: stop before the next refund. */
  signal?: AbortSignal;
}) {
  // Nearly always nothing is pending: one plain read says so without opening a transaction (this
  // runs after every card payment). A refund queued after it waits for the next run.
  if (!opts.transactionId && !(await anyRefundToSend(opts.db))) return 0;
  let settled = 0;
  for (let i = 0; i < (opts.transactionId ? 1 : (opts.limit ?? 20)); i++) {
    if (opts.signal?.aborted) break;
    const done = await opts.db
      .transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: transactions.id,
            amountCents: transactions.amountCents,
            currency: transactions.currency,
            key: transactions.idempotencyKey,
            paymentRef: checkouts.paymentRef,
            description: transactions.description,
          })
          .from(transactions)
          .innerJoin(checkouts, eq(checkouts.id, transactions.checkoutId))
          .where(and(refundToSend, opts.transactionId ? eq(transactions.id, opts.transactionId) : undefined))
          .orderBy(asc(transactions.createdAt))
          .limit(1)
          // The sweep skips a refund another process is sending; a request for one refund (staff's
          // refund, and its double click) waits for that send instead, so both answer its outcome.
          .for('update', opts.transactionId ? { of: transactions } : { of: transactions, skipLocked: true });
        if (!row) return false;
        const { refundRef } = await opts.gateway.refund({
          paymentRef: row.paymentRef!,
          amountCents: row.amountCents,
          currency: row.currency,
          idempotencyKey: row.key ?? `refund:${row.id}`,
          reason: row.description,
        });
        await tx
          .update(transactions)
          .set({ status: 'succeeded', gatewayRef: refundRef, settledAt: opts.now })
          .where(eq(transactions.id, row.id));
        return true;
      })
      .catch((err: unknown) => {
        opts.log?.warn({ err }, 'a refund was not settled; it stays pending and is tried again');
        return false;
      });
    if (!done) break;
    settled += 1;
  }
  return settled;
}
