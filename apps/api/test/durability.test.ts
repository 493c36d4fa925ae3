import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { TEMPLATE_DB, adminUrl } from './test-db.ts';

const root = resolve(import.meta.dirname, '../../..');
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'kikstart-durability-'));
let server: ChildProcess | undefined;

/** On the PostgreSQL pass the server gets a database of its own, made from the seeded template. */
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const databaseName = `kikstart_durability_${process.pid}`;
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl(testDatabaseUrl!) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
async function serverDatabaseUrl() {
  if (!testDatabaseUrl) return '';
  await admin(`create database ${databaseName} template ${TEMPLATE_DB}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
let databaseUrl: string | undefined;

/** The real server process, as `npm start` runs it, on an on-disk PGlite (or its own PostgreSQL database). */
async function startServer() {
  databaseUrl ??= await serverDatabaseUrl();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A cold start (tsx compiling the API, PGlite opening its files) can take most of a minute on a busy machine.
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 90 s');
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Sends a signal and resolves with the exit code (null when the signal itself ended it). */
function kill(child: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<number | null>((done) => {
    if (!isRunning(child)) return done(child.exitCode);
    child.once('exit', (code) => done(code));
    child.kill(signal);
  });
}

afterAll(async () => {
  if (server && isRunning(server)) await kill(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (testDatabaseUrl && databaseUrl) await admin(`drop database if exists ${databaseName} with (force)`);
});

// On PGlite this proves the embedded database's own durability; on PostgreSQL, that the API
// commits before it answers and recovers cleanly when its process is killed.
describe('durability', () => {
  it('keeps a committed write after SIGKILL and restart', { timeout: 240_000 }, async () => {
    server = await startServer();
    const email = `durable-${Date.now()}@test.example`;
    const write = await fetch(`${base}/api/newsletter/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(write.status).toBe(200);

    await kill(server, 'SIGKILL');
    server = await startServer();

    const mailbox = (await (await fetch(`${base}/api/dev/mailbox?limit=100`)).json()) as {
      data: { items: { to: string }[] };
    };
    expect(mailbox.data.items.some((m) => m.to === email)).toBe(true);

    // SIGTERM is a graceful shutdown: in-flight work finishes, the database closes, exit code 0.
    expect(await kill(server, 'SIGTERM')).toBe(0);
  });
});
