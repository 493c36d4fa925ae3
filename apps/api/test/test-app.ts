import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openTestDatabase } from './test-db.ts';
import { systemClock, type Clock } from '../src/lib/clock.ts';
import type { DbHandle } from '@kikstart/db';

export interface TestApp {
  app: App;
  db: DbHandle['db'];
  /** LISTEN on this app's database (PGlite's own, or a connection of its own on PostgreSQL). */
  listen: DbHandle['listen'];
  config: AppConfig;
  clock: Clock;
  close(): Promise<void>;
}

/**
 * The real app on a fresh seeded database, with its own upload folder and no web build.
 * `env` overrides environment variables for this app only; `addRoutes` adds probe routes;
 * `clock` replaces the system clock (a `ManualClock` for time-based rules).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  addRoutes?: (app: App) => void,
  { clock = systemClock }: { clock?: Clock } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'kikstart-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    WEB_DIST_DIR: join(dir, 'no-web-build'),
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const handle = await openTestDatabase();
  const app = await buildApp({ config, db: handle.db, clock });
  addRoutes?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    listen: handle.listen,
    config,
    clock,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Parses an inject() response's JSON envelope. */
export function body<T = unknown>(res: LightMyRequestResponse) {
  return res.json() as { status: number; message: string; data: T; errors?: Record<string, string> };
}
