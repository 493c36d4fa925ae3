import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, programs, users } from '@kikstart/db';
import { CREATE_ADMIN_OUTCOMES } from '@kikstart/contract/create-admin';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { STRONG_PASSWORD } from '../../test/user-fixtures.ts';
import { onPostgres } from '../../test/on-postgres.ts';

const root = resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kikstart-create-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run create-admin` as an operator runs it: its own process, answers typed on stdin. */
function createAdmin(args: string[], { stdin = '', env = {} }: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'apps/api/src/cli/create-admin.ts'), ...args],
      {
        cwd: root,
        // The embedded database under DATA_DIR, whatever database the suite itself runs on.
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Opens the data dir the command wrote (after it exited) and signs in through the API. */
async function inspect(signIns: { email: string; password: string }[]) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web') });
  const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  const app = await buildApp({ config, db: handle.db });
  try {
    const roles: string[][] = [];
    for (const { email, password } of signIns) {
      const res = await app.inject({ method: 'POST', url: '/api/user/signin', payload: { email, password } });
      expect(res.statusCode, email).toBe(200);
      const token = (res.json() as { data: { token: string } }).data.token;
      const profile = await app.inject({ url: '/api/user/profile', headers: { 'x-access-token': token } });
      roles.push((profile.json() as { data: { roles: string[] } }).data.roles);
    }
    const count = async (table: typeof users | typeof programs) =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return { roles, users: await count(users), programs: await count(programs) };
  } finally {
    await app.close();
    await handle.close();
  }
}

// The command runs on an embedded database of its own here, so the PostgreSQL pass would only repeat it.
describe.skipIf(onPostgres)('npm run create-admin', () => {
  it('refuses a bad flag or email at once, before touching the database', async () => {
    const flag = await createAdmin(['--password', 'x']);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('There is no --password flag');
    const email = await createAdmin(['--email', 'not-an-email']);
    expect(email.code).toBe(1);
    expect(email.stderr).toContain('--email: Enter a valid email address. Nothing was changed.');
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('on an empty database: asks, re-asks what breaks the rules, and the admin signs in with roles [admin]', async () => {
    const answers = [
      'Ada.Lovelace@Example.com',
      'Ada',
      'Lovelace',
      'short', // too short: asked again
      STRONG_PASSWORD,
      'Something-else-12', // the confirmation differs: asked again
      STRONG_PASSWORD,
      STRONG_PASSWORD,
    ];
    const run = await createAdmin([], { stdin: answers.join('\n') + '\n' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Password must be at least 8 characters');
    expect(run.stdout).toContain('The two passwords differ');
    expect(run.stdout).toContain(CREATE_ADMIN_OUTCOMES.created);
    expect(run.stdout).not.toContain(STRONG_PASSWORD);

    // A script: flags and ADMIN_PASSWORD, nothing typed.
    const scripted = await createAdmin(
      ['--email', 'ops@example.com', '--first-name', 'Grace', '--last-name', 'Hopper'],
      {
        env: { ADMIN_PASSWORD: 'Another-strong-pass-9' },
      },
    );
    expect(scripted.code, scripted.stderr).toBe(0);
    expect(scripted.stdout).toContain(CREATE_ADMIN_OUTCOMES.created);

    expect(
      await inspect([
        { email: 'ada.lovelace@example.com', password: STRONG_PASSWORD },
        { email: 'ops@example.com', password: 'Another-strong-pass-9' },
      ]),
    ).toEqual({ roles: [['admin'], ['admin']], users: 2, programs: 0 });
  }, 180_000);
});
