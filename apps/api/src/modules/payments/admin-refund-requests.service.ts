import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, refundRequests, transactions } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import {
  ADMIN_MONEY_MESSAGES,
  type RefundRequest,
  type refundRequestQuerySchema,
} from '@kikstart/contract/admin-money';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { AppError } from '../../lib/errors.ts';
import { mailGuardians } from '../mail/mail.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { familyEmailMatches, familyEmailOf } from './family-email.ts';
import { formatMoney } from './receipts.ts';
import { refundLine, settlePendingRefunds } from './refunds.ts';

const columns = {
  id: refundRequests.id,
  status: refundRequests.status,
  familyId: refundRequests.familyId,
  familyEmail: familyEmailOf(refundRequests.familyId),
  childName: checkoutLines.childName,
  programTitle: checkoutLines.programTitle,
  amountCents: refundRequests.amountCents,
  currency: refundRequests.currency,
  reason: refundRequests.reason,
  decisionReason: refundRequests.decisionReason,
  createdAt: refundRequests.createdAt,
  decidedAt: refundRequests.decidedAt,
};

const selectRequests = (db: Db) =>
  db.select(columns).from(refundRequests).leftJoin(checkoutLines, eq(checkoutLines.id, refundRequests.checkoutLineId));

const view = ({ familyId: _family, ...r }: Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number]) =>
  ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }) satisfies RefundRequest;

/** GET /admin/refund-requests: drop-outs after the first session asking for their money back. */
export async function listRefundRequests(
  db: Db,
  query: z.output<typeof refundRequestQuerySchema>,
): Promise<AdminPage<RefundRequest>> {
  const where = and(
    query.status ? eq(refundRequests.status, query.status) : undefined,
    query.q ? familyEmailMatches(refundRequests.familyId, containsPattern(query.q)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          { createdAt: refundRequests.createdAt, amountCents: refundRequests.amountCents },
          desc(refundRequests.createdAt),
        ),
        desc(refundRequests.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(refundRequests)
      .where(where),
  ]);
  return { items: rows.map(view), total: count?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

async function loadRequest(db: Db, id: string) {
  const [row] = await selectRequests(db).where(eq(refundRequests.id, id));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MONEY_MESSAGES.requestNotFound);
  return view(row);
}

/** Locks a pending request for a decision; a decided one is 409, so two staff cannot decide it twice. */
async function lockPending(tx: Db, id: string) {
  const [row] = await tx.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MONEY_MESSAGES.requestNotFound);
  if (row.status !== 'pending') throw new AppError('CONFLICT', ADMIN_MONEY_MESSAGES.requestDecided);
  return row;
}

/**
 * Approve: the line is refunded like a drop-out before the first day (refundLine: what it paid,
 * at most what is left of the payment), sent through the gateway right after commit, and the
 * family is mailed.
 */
export async function approveRefundRequest(opts: {
  db: Db;
  gateway: PaymentGateway;
  now: Date;
  staffId: string;
  id: string;
  log?: FastifyBaseLogger;
}) {
  const { db, now } = opts;
  const lineId = await db.transaction(async (tx) => {
    const request = await lockPending(tx, opts.id);
    const [paid] = request.checkoutLineId
      ? await tx
          .select({
            line: checkoutLines,
            checkout: { id: checkouts.id, familyId: checkouts.familyId, currency: checkouts.currency },
          })
          .from(checkoutLines)
          .innerJoin(checkouts, eq(checkouts.id, checkoutLines.checkoutId))
          .where(eq(checkoutLines.id, request.checkoutLineId))
      : [];
    if (paid && paid.line.status === 'paid')
      await refundLine(tx, {
        checkout: paid.checkout,
        line: paid.line,
        now,
        reason: 'drop_out_approved',
        description: `Refund: ${paid.line.programTitle} (drop-out refund approved)`,
      });
    await tx
      .update(refundRequests)
      .set({ status: 'approved', decidedAt: now, decidedBy: opts.staffId })
      .where(eq(refundRequests.id, request.id));
    if (request.familyId)
      await mailGuardians(tx, request.familyId, 'refund-request-approved', {
        subject: 'Your refund request is approved',
        paragraphs: [
          `We approved your refund request for ${paid?.line.programTitle ?? 'your drop-out'}: ${formatMoney(request.amountCents, request.currency)} is on its way back to you.`,
          'A card refund reaches your account in 5 to 10 business days. A payment made at the office is handed back there.',
        ],
      });
    return paid?.line.id ?? null;
  });
  if (lineId) {
    const [refund] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, `refund:line:${lineId}`));
    if (refund) await settlePendingRefunds({ db, gateway: opts.gateway, now, transactionId: refund.id, log: opts.log });
  }
  return loadRequest(db, opts.id);
}

/** Decline: nothing is refunded; the family is mailed staff's reason. */
export async function declineRefundRequest(opts: { db: Db; now: Date; staffId: string; id: string; reason: string }) {
  await opts.db.transaction(async (tx) => {
    const request = await lockPending(tx, opts.id);
    await tx
      .update(refundRequests)
      .set({ status: 'rejected', decidedAt: opts.now, decidedBy: opts.staffId, decisionReason: opts.reason })
      .where(eq(refundRequests.id, request.id));
    if (request.familyId)
      await mailGuardians(tx, request.familyId, 'refund-request-declined', {
        subject: 'About your refund request',
        paragraphs: [
          `We could not approve your refund request of ${formatMoney(request.amountCents, request.currency)}.`,
          `Reason: ${opts.reason}`,
          'Reply to this mail or write to us from your account if you would like to talk it over.',
        ],
      });
  });
  return loadRequest(opts.db, opts.id);
}
