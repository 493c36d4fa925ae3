import { migrationCount, openDatabase, pendingMigrations, type DbHandle } from '@kikstart/db';
import { seedDatabase } from '@kikstart/db/seed/index';
import type { AppConfig } from './config/env.ts';
import { isDatabaseUnavailable } from './lib/db-errors.ts';
import { hashPassword } from './lib/passwords.ts';
import { grantFirstAdmin, hasAdmin } from './modules/auth/create-admin.service.ts';

/** How long a start waits for an unreachable PostgreSQL, and what it says meanwhile. */
export interface DatabaseWait {
  totalMs: number;
  say(line: string): void;
}

/** A server started beside its database (a container, a reboot) waits for it up to a minute. */
const DATABASE_START_WAIT: DatabaseWait = { totalMs: 60_000, say: (line) => console.warn(line) };

const openConfiguredDatabase = (config: AppConfig) =>
  openDatabase(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          poolSize: config.databasePoolSize,
          preparedStatements: config.databasePreparedStatements,
        }
      : { dataDir: `${config.dataDir}/pglite` },
  );

/**
 * Runs `attempt` until the database answers: while it is unreachable, again after 0.5 s, 1 s,
 * 2 s … (at most 8 s apart), until `totalMs` has passed; any other error fails at once.
 */
async function untilReachable<T>(attempt: () => Promise<T>, { totalMs, say }: DatabaseWait): Promise<T> {
  const deadline = Date.now() + totalMs;
  for (let delay = 500, tries = 1; ; delay = Math.min(delay * 2, 8_000), tries++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `The database did not answer within ${Math.round(totalMs / 1000)} s; check DATABASE_URL and that PostgreSQL is running.`,
          { cause: err },
        );
      }
      const wait = Math.min(delay, left);
      say(
        `Waiting for the database (attempt ${tries} failed: ${(err as { code?: string }).code ?? 'unreachable'}); trying again in ${(wait / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** With MIGRATE_ON_START=false, a start on a database that lacks a migration stops and says what to run. */
async function refuseMissingMigrations(db: DbHandle['db']) {
  const missing = await pendingMigrations(db).catch((err: unknown) => {
    if (isDatabaseUnavailable(err)) throw err;
    return Number.POSITIVE_INFINITY; // No migration table yet: nothing was ever applied.
  });
  if (missing > 0)
    throw new Error(
      `The database lacks ${Number.isFinite(missing) ? missing : 'all its'} migration${missing === 1 ? '' : 's'}; run \`npm run db:migrate\` first (MIGRATE_ON_START=false).`,
    );
}

/**
 * Opens the configured database and only applies the migrations (`npm run db:migrate`), waiting
 * for it as a start does. Answers how many were applied now.
 */
export async function migrateDatabase(
  config: AppConfig,
  { waitForDatabase = DATABASE_START_WAIT }: { waitForDatabase?: DatabaseWait } = {},
): Promise<{ applied: number; driver: DbHandle['driver'] }> {
  const handle = await openConfiguredDatabase(config);
  try {
    const before = await untilReachable(
      () =>
        pendingMigrations(handle.db).catch((err: unknown) => {
          if (isDatabaseUnavailable(err)) throw err;
          return Number.POSITIVE_INFINITY;
        }),
      waitForDatabase,
    );
    await handle.migrate();
    const after = await pendingMigrations(handle.db);
    return { applied: Number.isFinite(before) ? before - after : migrationCount() - after, driver: handle.driver };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * What a start did to the database, for the start-up message: whether the demo content was
 * written now, and the first admin: made from ADMIN_* now, already there, or still missing.
 */
export interface StartReport {
  seeded: boolean;
  admin: 'created' | 'promoted' | 'claimed' | 'already-admin' | 'present' | 'missing';
}

/** How to create the first admin, said at every start while there is none (production reads it in the log). */
export const NO_ADMIN_HELP =
  'No admin account yet. Create one with `npm run create-admin` (on the embedded database, stop the API first), or start once with ADMIN_EMAIL and ADMIN_PASSWORD set.';

/**
 * Opens the configured database and applies migrations. Outside production, the demo content is
 * seeded once into an empty database (seedDatabase records that it ran); production is never
 * seeded. Then the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, while there is no admin yet.
 */
export async function prepareDatabase(
  config: AppConfig,
  { waitForDatabase = DATABASE_START_WAIT }: { waitForDatabase?: DatabaseWait } = {},
): Promise<DbHandle & { report: StartReport }> {
  const handle = await openConfiguredDatabase(config);
  try {
    if (config.migrateOnStart) await untilReachable(() => handle.migrate(), waitForDatabase);
    else await untilReachable(() => refuseMissingMigrations(handle.db), waitForDatabase);
    const seeded = config.isProduction
      ? false
      : await seedDatabase({ db: handle.db, hashPassword, withDemoAccounts: config.seedDemoAccounts });
    let admin: StartReport['admin'] = (await hasAdmin(handle.db)) ? 'present' : 'missing';
    if (admin === 'missing' && config.firstAdmin) {
      const outcome = await grantFirstAdmin({ db: handle.db, now: new Date(), input: config.firstAdmin });
      admin = outcome === 'admin-exists' ? 'present' : outcome;
    }
    return { ...handle, report: { seeded, admin } };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}
