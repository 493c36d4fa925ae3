import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@kikstart/db';
import { seedDatabase } from '@kikstart/db/seed/index';
import { buildApp, type App } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

/** Median of a list of numbers (milliseconds). */
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn` `runs` times after `warmup` runs and returns each duration in ms. */
export async function time(fn: () => Promise<unknown>, { runs = 50, warmup = 5 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  return durations;
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

export interface BenchApp {
  app: App;
  db: Awaited<ReturnType<typeof openDatabase>>['db'];
  /** Counts SQL statements sent while `fn` runs. */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh seeded in-memory PGlite (or BENCH_DATABASE_URL), with a query counter
 * hooked into the driver so benchmarks can report statements per request.
 */
export async function createBenchApp(): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'kikstart-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'none'), LOG_LEVEL: 'silent' });
  const handle = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL })
    : await openDatabase({ memory: true });
  await handle.migrate();
  await seedDatabase({ db: handle.db, hashPassword, withDemoAccounts: true });
  let queries = 0;
  const session = (handle.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session;
  const client = session.client;
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    queries++;
    return original(...args);
  };
  // Drizzle's PGlite session also prepares through `client.query`; node-postgres pools count per query.
  const app = await buildApp({ config, db: handle.db });
  await app.ready();
  return {
    app,
    db: handle.db,
    async countQueries(fn) {
      const before = queries;
      const result = await fn();
      return { result, queries: queries - before };
    },
    async close() {
      await app.close();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
