import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { openDatabase, type DbHandle } from '@kikstart/db';

/**
 * Stored uncompressed (43 MB): a file's database opens from it in 0.72–0.88 s here, against
 * 1.03–1.21 s from the gzipped 5 MB (decision 0029), and every API test file opens one.
 */
export const SNAPSHOT_FILE = resolve(import.meta.dirname, '../../../.tmp/test/pglite-seeded.tar');
export const TEMPLATE_DB = 'kikstart_test_template';

/** The maintenance database on the same server, for CREATE/DROP DATABASE. */
export function adminUrl(databaseUrl: string) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

/**
 * A fresh, migrated and seeded database for one test file: PGlite in memory by default, or a
 * new PostgreSQL database copied from the template when TEST_DATABASE_URL is set.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    const snapshot = readFileSync(SNAPSHOT_FILE);
    return openDatabase({ memory: true, loadDataDir: new Blob([snapshot]) });
  }
  const name = `kikstart_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl(databaseUrl) });
      await cleanup.connect();
      // The pool has said goodbye, but its backends may not have exited yet; forcing the drop
      // then kills a connection mid-goodbye and its client raises an error nobody listens to.
      for (let i = 0; i < 50; i++) {
        const { rows } = await cleanup.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
