import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { onPostgres } from './on-postgres.ts';
import { DataDirLockedError, takeDataDirLock } from '@kikstart/db/data-dir-lock';

const root = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kikstart-lock-'));
const lockFile = join(dataDir, 'pglite.lock');
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  /** Resolves when the server answers /api/health, or with the exit code if it ends first. */
  outcome: Promise<{ up: true } | { up: false; code: number | null; stderr: string }>;
}

/** The real server process, as `npm start` runs it, on the shared embedded database folder. */
async function startServer(): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The server runs on PGlite here, even when the shell has DATABASE_URL set.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  };
  env.WEB_DIST_DIR = join(dataDir, 'no-web');
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ up: false; code: number | null; stderr: string }>((done) =>
    child.once('exit', (code) => done({ up: false, code, stderr })),
  );
  const up = (async () => {
    for (let i = 0; i < 1500 && child.exitCode === null; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { up: true as const };
      await new Promise((r) => setTimeout(r, 100));
    }
    return new Promise<never>(() => undefined); // the exit wins
  })();
  return { child, outcome: Promise.race([up, exited]) };
}

function stop(child: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<number | null>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
    child.once('exit', (code) => done(code));
    child.kill(signal);
  });
}

afterAll(async () => {
  for (const child of children) await stop(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// The lock guards the embedded database's folder, and these servers run on PGlite on either pass:
// the PostgreSQL pass would run the same test again (32 s of it in CI) and learn nothing new.
describe.skipIf(onPostgres)('one process per embedded database folder', () => {
  it(
    'refuses a second server naming the holder, and a SIGKILLed holder does not block the restart',
    { timeout: 300_000 },
    async () => {
      const first = await startServer();
      expect(await first.outcome).toEqual({ up: true });
      const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; hostname: string; startedAt: string };
      expect(lock).toMatchObject({ pid: first.child.pid, hostname: hostname() });
      expect(Number.isNaN(Date.parse(lock.startedAt))).toBe(false);

      const second = await startServer();
      const refused = await second.outcome;
      expect(refused.up).toBe(false);
      if (refused.up) return;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `The API cannot start. The embedded database is in use by another KikStart process: pid ${first.child.pid} on ${hostname()}`,
      );
      expect(refused.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace

      // The holder dies without cleaning up: its lock is stale and the restart takes it over.
      await stop(first.child, 'SIGKILL');
      expect(existsSync(lockFile)).toBe(true);
      const restarted = await startServer();
      expect(await restarted.outcome).toEqual({ up: true });
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: restarted.child.pid });

      // A graceful shutdown releases the folder.
      expect(await stop(restarted.child, 'SIGTERM')).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    },
  );
});

// The lock itself uses no database: one pass is enough.
describe.skipIf(onPostgres)('takeDataDirLock', () => {
  const file = join(dataDir, 'unit.lock');
  const write = (holder: object | string) =>
    writeFileSync(file, typeof holder === 'string' ? holder : JSON.stringify(holder));

  it('takes a free folder and releases only its own lock', () => {
    rmSync(file, { force: true });
    const lock = takeDataDirLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(() => takeDataDirLock(file)).not.toThrow(); // our own pid in the file is an earlier run, not a live holder
    lock.release(); // the file now holds the second taking, so the first does not remove it
    expect(existsSync(file)).toBe(true);
    rmSync(file);
  });

  it('refuses while the holder lives, naming its pid; takes over a dead or unreadable one', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(sleeper);
    write({ pid: sleeper.pid, hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', token: 'a' });
    expect(() => takeDataDirLock(file)).toThrow(DataDirLockedError);
    expect(() => takeDataDirLock(file)).toThrow(`pid ${sleeper.pid} on ${hostname()}`);

    await stop(sleeper, 'SIGKILL');
    takeDataDirLock(file).release();
    expect(existsSync(file)).toBe(false);

    write('');
    takeDataDirLock(file).release();
    expect(existsSync(file)).toBe(false);
  });

  it('exactly one of several processes racing for a stale lock wins', { timeout: 60_000 }, async () => {
    write({ pid: 2 ** 22 + 7, hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', token: 'dead' }); // above Linux's pid_max: never alive
    const script = `
      import { takeDataDirLock } from '@kikstart/db/data-dir-lock';
      try { takeDataDirLock(${JSON.stringify(file)}); console.log('won'); } catch (err) { console.log(err.name); }
      setTimeout(() => {}, 1500); // hold it while the others try`;
    const racers = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      return new Promise<string>((done) => child.once('exit', () => done(out.trim())));
    });
    const results = await Promise.all(racers);
    expect(results.filter((r) => r === 'won')).toHaveLength(1);
    expect(results.filter((r) => r === 'DataDirLockedError')).toHaveLength(3);
    rmSync(file, { force: true });
  });

  it('does not guess about a holder on another host', () => {
    write({ pid: 1, hostname: 'other-host.internal', startedAt: '2026-01-01T00:00:00.000Z', token: 'b' });
    expect(() => takeDataDirLock(file)).toThrow(/pid 1 on other-host\.internal.*delete the lock file/);
    rmSync(file);
  });
});
