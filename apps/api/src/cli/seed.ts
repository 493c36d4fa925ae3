/** `npm run db:seed`: migrates the configured database and seeds it once (never in production), then exits. */
import { loadConfig } from '../config/env.ts';
import { prepareDatabase } from '../bootstrap.ts';

const config = loadConfig();
const database = await prepareDatabase(config);
await database.close();
const name = database.driver === 'pglite' ? 'embedded' : 'PostgreSQL';
console.log(
  config.isProduction
    ? `Migrated the ${name} database; production is never seeded.`
    : database.report.seeded
      ? `Seeded the ${name} database.`
      : `The ${name} database was seeded before; nothing was written again.`,
);
