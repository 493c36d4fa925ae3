import { openDatabase, type DbHandle } from '@kikstart/db';
import { seedDatabase } from '@kikstart/db/seed/index';
import type { AppConfig } from './config/env.ts';
import { hashPassword } from './lib/passwords.ts';
import { grantFirstAdmin, hasAdmin } from './modules/auth/create-admin.service.ts';

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
export async function prepareDatabase(config: AppConfig): Promise<DbHandle & { report: StartReport }> {
  const handle = await openDatabase(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          poolSize: config.databasePoolSize,
          preparedStatements: config.databasePreparedStatements,
        }
      : { dataDir: `${config.dataDir}/pglite` },
  );
  try {
    await handle.migrate();
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
