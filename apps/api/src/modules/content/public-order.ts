import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { type offers, type testimonials } from '@kikstart/db';
import type { MoveDirection } from '@kikstart/contract/admin-catalog';
import { AppError } from '../../lib/errors.ts';

/** The tables whose rows staff put in order for the public site (sort_order, then creation). */
type Ordered = typeof testimonials | typeof offers;

/**
 * Moves one row a place up or down. The whole list is renumbered 0…n-1 in the same
 * transaction (the table is locked for it), so equal or sparse sort orders from the seed or an
 * earlier edit cannot make a move do nothing, and two staff moving at once cannot interleave.
 */
export async function moveRow(db: Db, table: Ordered, id: string, direction: MoveDirection, notFound: string) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .orderBy(asc(table.sortOrder), asc(table.createdAt), asc(table.id))
      .for('update');
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0) throw new AppError('NOT_FOUND', notFound);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to >= 0 && to < rows.length) [rows[from], rows[to]] = [rows[to]!, rows[from]!];
    for (const [position, row] of rows.entries()) {
      await tx.update(table).set({ sortOrder: position }).where(eq(table.id, row.id));
    }
  });
}

/** Where a new row goes: after every other. */
export async function nextPosition(db: Db, table: Ordered) {
  const [row] = await db.select({ next: sql<number>`(coalesce(max(${table.sortOrder}), -1) + 1)::int` }).from(table);
  return row?.next ?? 0;
}
