import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app.ts';
import { onPostgres } from '../../test/on-postgres.ts';

/**
 * The server ending the API's connections (a restart, a failover, `pg_terminate_backend`) must
 * not end the API: the pool drops the lost connections and the next request opens new ones.
 */
describe.runIf(onPostgres)('when PostgreSQL ends the connections', () => {
  const t = useTestApp();

  it('the API keeps answering, on fresh connections', async () => {
    // Several connections in the pool, idle once these have answered.
    const before = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ url: '/api/health' })));
    expect(before.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

    const ended = (await t.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    )) as unknown as { rows: unknown[] };
    expect(ended.rows.length).toBeGreaterThan(0);
    // The idle connections' 'error' events arrive on the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const after = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ url: '/api/health' })));
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });
});
