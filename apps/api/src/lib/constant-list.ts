import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The values a constant list may hold: the app's own status names, nothing that needs quoting. */
const CONSTANT = /^[a-z][a-z0-9_]*$/;

/**
 * `column in ('a', 'b')` for a list fixed in the code (a set of statuses), written into the
 * statement's text. Sent as parameters (`inArray`), such a list reads as `in ($1, $2`, the shape
 * of a list that grows with its input, so the statement went out unnamed and PostgreSQL planned
 * it on every call (statement-names.ts): the catalog's seat counts, the enrollment batch's facts,
 * the check for lapsed holds. Only constants: anything else throws rather than reach the text.
 */
export function isOneOf(column: SQLWrapper, constants: readonly string[]): SQL {
  if (!constants.length) throw new Error('isOneOf needs at least one value');
  for (const value of constants) if (!CONSTANT.test(value)) throw new Error(`not a constant list value: ${value}`);
  return sql`${column} in (${sql.raw(constants.map((value) => `'${value}'`).join(', '))})`;
}
