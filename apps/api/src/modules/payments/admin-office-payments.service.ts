import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { OfficePayment, officePaymentQuerySchema } from '@kikstart/contract/admin-money';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { familyEmailMatches, familyEmailOf } from './family-email.ts';

/**
 * GET /admin/office-payments: checkouts to be paid at the office that are still open (their
 * seats held), oldest first, so staff see who is expected with cash or a check.
 */
export async function listOfficePayments(
  db: Db,
  query: z.output<typeof officePaymentQuerySchema>,
  now: Date,
): Promise<AdminPage<OfficePayment>> {
  const where = and(
    eq(checkouts.gateway, 'manual'),
    eq(checkouts.status, 'open'),
    gt(checkouts.expiresAt, now),
    query.q ? familyEmailMatches(checkouts.familyId, containsPattern(query.q)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        checkoutId: checkouts.id,
        familyEmail: familyEmailOf(checkouts.familyId),
        totalCents: checkouts.totalCents,
        currency: checkouts.currency,
        createdAt: checkouts.createdAt,
        expiresAt: checkouts.expiresAt,
      })
      .from(checkouts)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          { createdAt: checkouts.createdAt, expiresAt: checkouts.expiresAt, totalCents: checkouts.totalCents },
          asc(checkouts.createdAt),
        ),
        desc(checkouts.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(checkouts)
      .where(where),
  ]);
  const ids = rows.map((r) => r.checkoutId);
  const lines = ids.length
    ? await db
        .select({
          checkoutId: checkoutLines.checkoutId,
          childName: checkoutLines.childName,
          programTitle: checkoutLines.programTitle,
        })
        .from(checkoutLines)
        .where(inArray(checkoutLines.checkoutId, ids))
    : [];
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      lines: lines
        .filter((l) => l.checkoutId === r.checkoutId)
        .map(({ childName, programTitle }) => ({ childName, programTitle })),
    })),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
