import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PROGRAM_TIME_ZONE } from '@kikstart/contract/schedule';

/**
 * Staff pick days (YYYY-MM-DD) as the operator lives them, in PROGRAM_TIME_ZONE; timestamps are
 * UTC in the database. These turn a day into the instants that bound it, in SQL, so daylight
 * saving is PostgreSQL's business and a range test stays index-friendly on the column.
 *
 * The zone is SQL text, not a bound parameter: a query that groups by an expression using it
 * must repeat the same text (PostgreSQL matches GROUP BY expressions by text, and a parameter
 * would be $1 in one place and $9 in the other). A constant from the contract, never input.
 */
export const ZONE_SQL = sql.raw(`'${PROGRAM_TIME_ZONE}'`);

/** The instant `day` starts (local midnight). */
export const dayStartSql = (day: string) => sql`(${day}::date::timestamp at time zone ${ZONE_SQL})`;

/** The instant after `day` ends (the next local midnight). */
export const dayEndSql = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${ZONE_SQL})`;

/** `column` falls on a day from `from` to `to`, both included. */
export const inLocalDays = (column: AnyColumn | SQL, range: { from: string; to: string }) =>
  sql`${column} >= ${dayStartSql(range.from)} and ${column} < ${dayEndSql(range.to)}`;

/** The local day (a timestamp without zone) of a UTC instant, for grouping by day or week. */
export const localTimeSql = (column: AnyColumn | SQL) => sql`(${column} at time zone ${ZONE_SQL})`;
