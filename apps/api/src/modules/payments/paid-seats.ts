import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { checkoutLines, checkouts, enrollments, programs } from '@kikstart/db';
import { CONFIRMED_STATUS, LIVE_STATUSES, UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { seatsTaken } from '../enrollments/enrollment-seats.ts';
import { isOneOf } from '../../lib/constant-list.ts';
import { qualified } from '../../lib/qualified-column.ts';

/**
 * The seats of a paid checkout (paid-checkout.ts applies the payment): which of its lines' seats
 * the family still holds (confirmed all at once when they all are: held-seats-payment.ts), and
 * one line at a time under its program's lock when not.
 */

type LineRow = typeof checkoutLines.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

/** A checkout's line, with whether its enrollment is a seat the checkout's family still holds (unpaid). */
export interface LineWithHold {
  line: LineRow;
  held: boolean;
}

// Every column is written with its table: the statement that locks the checkout selects from one
// table, where Drizzle writes columns bare, and a bare "id" here would be ambiguous.
const q = qualified;

/** The lines' columns as a JSON object with the row's keys (every column of the table, so none is missed). */
const lineJson = sql.join(
  Object.entries(getTableColumns(checkoutLines)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${q(column)}`),
  sql`, `,
);

/**
 * The lines of the checkout row in the statement (`checkouts`), in id order, each with whether the
 * checkout's family still holds its seat (`LineWithHold[]`), as a JSON column, so the statement
 * that locks the checkout reads them too (payment-events.ts). A checkout without a family holds
 * none: comparing with null is never true. The columns come back as JSON gives them: every
 * column of a line is text, a uuid, an enum or an integer, which JSON keeps as they are.
 */
export const linesWithHoldsJson = sql<LineWithHold[]>`(
  select coalesce(json_agg(json_build_object('line', json_build_object(${lineJson}), 'held',
    coalesce(${q(enrollments.familyId)} = ${q(checkouts.familyId)} and ${q(enrollments.status)} = ${UNPAID_HOLD_STATUS}, false))
    order by ${q(checkoutLines.id)}), '[]'::json)
  from ${checkoutLines} left join ${enrollments} on ${q(enrollments.id)} = ${q(checkoutLines.enrollmentId)}
  where ${q(checkoutLines.checkoutId)} = ${q(checkouts.id)})`;

/** An enrollment's columns once its seat is paid for. */
const confirmedSeat = (now: Date) =>
  ({
    status: CONFIRMED_STATUS,
    confirmedAt: now,
    holdExpiresAt: null,
    endedAt: null,
    updatedAt: now,
  }) as const;

/**
 * One line under its program's lock: confirmed if the family still holds the seat, or if a late
 * payment may still have it; false when the line must be refunded.
 */
export async function takeSeat(tx: Db, checkout: CheckoutRow, line: LineRow, now: Date): Promise<boolean> {
  if (!line.enrollmentId) return false;
  const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, line.enrollmentId)).for('update');
  if (!row || row.familyId !== checkout.familyId) return false;
  if (row.status === UNPAID_HOLD_STATUS) {
    await tx.update(enrollments).set(confirmedSeat(now)).where(eq(enrollments.id, row.id));
    return true;
  }
  // Late payment: the hold lapsed and the sweeper ended it. The seat is taken back only if the
  // program has room and the child has not enrolled again in the meantime.
  if (row.status !== 'expired') return false;
  const [program] = await tx
    .select({ capacity: programs.capacity })
    .from(programs)
    .where(eq(programs.id, row.programId));
  if (!program || (await seatsTaken(tx, row.programId)) >= program.capacity) return false;
  const [again] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.childId, row.childId),
        eq(enrollments.programId, row.programId),
        ne(enrollments.id, row.id),
        isOneOf(enrollments.status, LIVE_STATUSES),
      ),
    );
  if (again) return false;
  await tx.update(enrollments).set(confirmedSeat(now)).where(eq(enrollments.id, row.id));
  return true;
}
