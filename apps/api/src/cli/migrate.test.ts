import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationCount } from '@kikstart/db';
import { loadConfig } from '../config/env.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { onPostgres } from '../../test/on-postgres.ts';

const root = resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kikstart-migrate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run db:migrate` as an operator runs it: its own process. */
function migrate(env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/cli/migrate.ts')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

const configFor = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web'), ...env });

// The command runs on an embedded database of its own here, so the PostgreSQL pass would only repeat it.
describe.skipIf(onPostgres)('npm run db:migrate and MIGRATE_ON_START=false', () => {
  it('a start told not to migrate refuses an unmigrated database and says what to run', async () => {
    await expect(prepareDatabase(configFor({ MIGRATE_ON_START: 'false' }))).rejects.toThrow(
      /lacks all its migrations; run `npm run db:migrate` first/,
    );
  });

  it('applies every migration once, then says the database is up to date; the start then runs', async () => {
    const first = await migrate();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Applied ${migrationCount()} migrations to the embedded database.`);
    const again = await migrate();
    expect(again.stdout).toContain('The embedded database is up to date; no migration was applied.');
    const started = await prepareDatabase(configFor({ MIGRATE_ON_START: 'false' }));
    await started.close();
  });

  it('a failure says what is wrong, without a stack trace, and exits 1', async () => {
    const bad = await migrate({ DATABASE_URL: 'mysql://nowhere' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Migration failed: Invalid configuration:\n {2}- DATABASE_URL: /);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
