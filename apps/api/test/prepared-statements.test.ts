import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { programs } from '@kikstart/db';
import { useTestApp } from './test-app.ts';
import { onPostgres } from './on-postgres.ts';

/**
 * On PostgreSQL, data statements of fixed text go out named and are prepared once per connection
 * (packages/db/src/statement-names.ts, decision 0028). PGlite takes no named statements.
 */
describe.runIf(onPostgres)('named statements (PostgreSQL only)', () => {
  const t = useTestApp();

  it('the connection keeps the statement prepared, and answers stay the same when it is reused', async () => {
    const first = await t.db.select({ id: programs.id }).from(programs).orderBy(programs.id).limit(3);
    // Every pooled connection runs it a few times: the later runs bind values to the prepared statement.
    for (let i = 0; i < 12; i++)
      expect(await t.db.select({ id: programs.id }).from(programs).orderBy(programs.id).limit(3)).toEqual(first);
    const prepared = await t.db.execute<{ name: string; statement: string }>(
      sql`select name, statement from pg_prepared_statements`,
    );
    const rows = (prepared as unknown as { rows: { name: string; statement: string }[] }).rows;
    // This very statement was prepared under a name on the connection that ran it.
    expect(rows.some((r) => /^k\d+$/.test(r.name) && r.statement.includes('pg_prepared_statements'))).toBe(true);
  });
});
