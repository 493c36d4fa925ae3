import { getTableName, sql, type Column } from 'drizzle-orm';

/**
 * `"table"."column"` for a correlated subquery. Drizzle writes a column bare in a one-table
 * select, and a bare name inside a subquery binds to the subquery's own table first (users.id
 * instead of coupons.id), so the outer column is named with its table.
 */
export const qualified = (column: Column) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
