import type { SQLWrapper } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Db } from '@kikstart/db';

/**
 * A write (insert, update) as a CTE of another statement, so the write and what the statement
 * reads go to the database in one round trip. Drizzle renders any statement given to
 * `$with(…).as`, but its types take selects only.
 */
export const writingCte = (db: Db, name: string, write: SQLWrapper) =>
  db.$with(name).as(write as unknown as TypedQueryBuilder<undefined>);
