import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { openDatabase } from '@kikstart/db';
import { seedDatabase } from '@kikstart/db/seed/index';
import { hashPassword } from '../src/lib/passwords.ts';
import { SNAPSHOT_FILE, TEMPLATE_DB, adminUrl } from './test-db.ts';

/**
 * Migrates and seeds one database before the API tests, then every test file starts from a
 * copy of it: a PGlite snapshot in memory, or a PostgreSQL database made from a template.
 */
export default async function setup() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await handle.migrate();
    await seedDatabase({ db: handle.db, hashPassword, withDemoAccounts: true });
    await handle.close();
    return;
  }
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  await seedDatabase({ db: handle.db, hashPassword, withDemoAccounts: true });
  const dump = await handle.pglite!.dumpDataDir('none');
  mkdirSync(dirname(SNAPSHOT_FILE), { recursive: true });
  writeFileSync(SNAPSHOT_FILE, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}
