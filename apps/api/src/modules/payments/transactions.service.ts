import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, refundRequests, transactions } from '@kikstart/db';
import type { Paged } from '@kikstart/contract/common';
import type { Transaction } from '@kikstart/contract/payments';

/** GET /transaction/list: the family's payments, refunds and failed attempts, newest first. */
export async function listTransactions(opts: {
  db: Db;
  familyId: string;
  page: number;
  limit: number;
}): Promise<Paged<Transaction>> {
  const where = eq(transactions.familyId, opts.familyId);
  const [rows, [count]] = await Promise.all([
    opts.db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    opts.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(where),
  ]);
  return {
    items: rows.map((t) => ({
      id: t.id,
      kind: t.kind,
      status: t.status,
      amountCents: t.amountCents,
      currency: t.currency,
      description: t.description,
      failureReason: t.failureReason,
      checkoutId: t.checkoutId,
      createdAt: t.createdAt.toISOString(),
      hasReceipt: t.kind === 'payment',
    })),
    page: opts.page,
    limit: opts.limit,
    total: count?.n ?? 0,
  };
}

/** The family's payment records for the data download (account export). */
export async function exportFamilyPayments(db: Db, familyId: string) {
  const family = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.familyId, familyId))
    .orderBy(asc(checkouts.createdAt));
  const ids = family.map((c) => c.id);
  const lines = ids.length ? await db.select().from(checkoutLines).where(inArray(checkoutLines.checkoutId, ids)) : [];
  return {
    checkouts: family.map(({ gatewayRef: _ref, ...c }) => ({
      ...c,
      lines: lines.filter((l) => l.checkoutId === c.id),
    })),
    transactions: await db
      .select({
        id: transactions.id,
        kind: transactions.kind,
        status: transactions.status,
        amountCents: transactions.amountCents,
        currency: transactions.currency,
        description: transactions.description,
        failureReason: transactions.failureReason,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(eq(transactions.familyId, familyId))
      .orderBy(asc(transactions.createdAt)),
    refundRequests: await db.select().from(refundRequests).where(eq(refundRequests.familyId, familyId)),
  };
}

/**
 * Account deletion keeps payment records for accounting, de-identified: the children's names on
 * checkout lines are removed here, and the family link of every payment row is cleared by the
 * `on delete set null` keys when the family row goes. Amounts and dates stay.
 */
export async function deidentifyFamilyPayments(tx: Db, familyId: string) {
  await tx
    .update(checkoutLines)
    .set({ childName: null })
    .where(
      inArray(
        checkoutLines.checkoutId,
        tx.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.familyId, familyId)),
      ),
    );
}
