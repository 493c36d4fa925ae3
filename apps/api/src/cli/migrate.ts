/**
 * `npm run db:migrate`: applies the database's missing migrations and exits, as a release step
 * before starting with MIGRATE_ON_START=false. A failure is said readably, with the database's
 * code when it gave one, and exits 1.
 */
import { loadConfig } from '../config/env.ts';
import { migrateDatabase } from '../bootstrap.ts';
import { summarizeDbError } from '../lib/db-errors.ts';

try {
  const config = loadConfig();
  const { applied, driver } = await migrateDatabase(config);
  const name = driver === 'pglite' ? 'embedded' : 'PostgreSQL';
  console.log(
    applied > 0
      ? `Applied ${applied} migration${applied === 1 ? '' : 's'} to the ${name} database.`
      : `The ${name} database is up to date; no migration was applied.`,
  );
} catch (err) {
  const db = summarizeDbError(err);
  const message = err instanceof Error ? err.message : String(err);
  // Drizzle's message quotes the failed statement: its first line says enough. Others (an
  // invalid setting, an unreachable server) are written for people and said whole.
  const said = db ? `(PostgreSQL error ${db.code ?? 'unknown'}) ${message.split('\n')[0]!.slice(0, 300)}` : message;
  console.error(`Migration failed: ${said}`);
  process.exitCode = 1;
}
