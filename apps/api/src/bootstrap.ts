import { openDatabase, type DbHandle } from '@kikstart/db';
import { seedDatabase } from '@kikstart/db/seed/index';
import type { AppConfig } from './config/env.ts';
import { hashPassword } from './lib/passwords.ts';

/** Opens the configured database, applies migrations and seeds what is missing. */
export async function prepareDatabase(config: AppConfig): Promise<DbHandle> {
  const handle = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
  );
  try {
    await handle.migrate();
    await seedDatabase({ db: handle.db, hashPassword, withDemoAccounts: config.seedDemoAccounts });
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
  return handle;
}
