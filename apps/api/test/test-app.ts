import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openTestDatabase } from './test-db.ts';
import { systemClock, type Clock } from '../src/lib/clock.ts';
import type { DbHandle } from '@kikstart/db';
import { ERROR_CODES, type ErrorCode } from '@kikstart/contract/errors';

/** The PUBLIC_URL every test app runs with: mail links and gateway return addresses start with it. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

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
 * `clock` replaces the system clock (a `ManualClock` for time-based rules); `pool` stands in for
 * the database's connection pool (PGlite in memory has none) in the metrics' tests.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  addRoutes?: (app: App) => void,
  { clock = systemClock, pool }: { clock?: Clock; pool?: DbHandle['pool'] } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'kikstart-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    WEB_DIST_DIR: join(dir, 'no-web-build'),
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...env,
  });
  const handle = await openTestDatabase();
  const app = await buildApp({ config, db: handle.db, clock, listen: handle.listen, pool: pool ?? handle.pool });
  const assertErrorCodes = requireErrorCodes(app);
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
      // Answers sent over a real socket (listen tests) are checked here, when the file ends.
      assertErrorCodes();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's app: created by createTestApp before the file's tests and closed after them.
 * Call at the top level of the file; the object is filled in when the tests start.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(...args));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * Every error envelope carries a machine-readable `code` (packages/contract/src/errors.ts).
 * An onSend hook notes any that lacks one; the inject() of that request then fails the test,
 * and close() fails for answers sent another way. Returns the check close() runs.
 */
function requireErrorCodes(app: App) {
  const missing: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string' && !hasCode(payload)) {
      missing.push(
        `${request.method} ${request.url} answered ${reply.statusCode} without a code: ${payload.slice(0, 200)}`,
      );
    }
    return payload;
  });
  const assertNone = () => {
    if (missing.length) throw new Error(`Error envelope without \`code\`:\n${missing.splice(0).join('\n')}`);
  };
  const inject = app.inject.bind(app);
  const checked = (async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    assertNone();
    return res;
  }) as unknown as typeof app.inject;
  // Only the promise form is checked; the chained and callback forms (unused here) stay as they are.
  app.inject = ((opts?: InjectOptions | string, callback?: unknown) =>
    opts === undefined || callback
      ? (inject as (...a: unknown[]) => unknown)(opts, callback)
      : checked(opts)) as typeof app.inject;
  return assertNone;
}

/** True unless `payload` is a JSON envelope (status and message) without a `code`. */
function hasCode(payload: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return true;
  }
  if (typeof parsed !== 'object' || parsed === null || !('status' in parsed) || !('message' in parsed)) return true;
  return typeof (parsed as { code?: unknown }).code === 'string';
}

/** Parses an inject() response's JSON envelope. */
export function body<T = unknown>(res: LightMyRequestResponse) {
  return res.json() as { status: number; message: string; code?: string; data: T; errors?: Record<string, string> };
}

/** The error envelope an answer with `code` carries: the code's HTTP status, the message, no data. */
export const errorEnvelope = (code: ErrorCode, message: unknown) => ({
  status: ERROR_CODES[code],
  message,
  code,
  data: null,
});

/** GETs each URL in turn with these headers: [url, answer] pairs, for checks labelled by URL. */
export async function getEach(t: TestApp, urls: string[], headers: Record<string, string> = {}) {
  const answers: [string, LightMyRequestResponse][] = [];
  for (const url of urls) answers.push([url, await t.app.inject({ url, headers })]);
  return answers;
}
