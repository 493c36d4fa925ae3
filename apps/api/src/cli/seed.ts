/** `npm run db:seed`: migrates and seeds the configured database, then exits. Idempotent. */
import { loadConfig } from '../config/env.ts';
import { prepareDatabase } from '../bootstrap.ts';

const config = loadConfig();
const database = await prepareDatabase(config);
await database.close();
console.log(`Seeded the ${database.driver === 'pglite' ? 'embedded' : 'PostgreSQL'} database.`);
