import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import pg from 'pg';
import {
  DEFAULT_POOL_SIZE,
  contentPages,
  enrollments,
  openDatabase,
  programs,
  sessions,
  type DbHandle,
} from '@kikstart/db';
import { DEMO_ACCOUNTS, seedDatabase } from '@kikstart/db/seed/index';
import type { ChatList } from '@kikstart/contract/chat';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import {
  BENCH_PORT,
  SECONDS,
  ceiling,
  fillPrograms,
  load,
  ms,
  printTable,
  scratchDir,
  startApi,
  startBare,
  verifiedParents,
  type LoadResult,
} from './load-kit.ts';
import { benchPostgres, type Postgres } from './bench-postgres.ts';

/**
 * `npm run bench -- api`: each hot route under autocannon (50 connections) on PGlite and on
 * PostgreSQL, beside two ceilings measured in the same run: a bare Fastify route sending the
 * same bytes, and the `pg` driver alone (on PGlite, over its thread) sending the SQL the route
 * sent, from 50 callers on a pool the API's size. The route's SQL is recorded from the real app
 * (Drizzle's logger), so the driver column follows the code. A write's SQL is replayed in a
 * transaction that is rolled back, every caller sending the same request's statements, so they
 * queue on the same row locks (one program's lock, for an enrollment): read those cells as a
 * lock-bound ceiling.
 */

const CONNECTIONS = 50;
/** The family's thread with the office that /chat/history pages through (one page: the newest 30). */
const CHAT_MESSAGES_IN_THREAD = 50;
/** Enrollments sent to /enrollments/create (each by its own parent and child, so each is a real hold). */
const ENROLLMENTS = Number(process.env.BENCH_ENROLLMENTS ?? 1000);

/** BENCH_ROUTES=/programs/all-list,/chat/history measures only those routes. */
const ROUTES = process.env.BENCH_ROUTES?.split(',');

/** BENCH_DATABASES=pglite (or postgres) measures one of the two. */
const DATABASES = (['pglite', 'postgres'] as const).filter(
  (d) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(',').includes(d),
);

interface Statement {
  text: string;
  params: unknown[];
}

interface RouteCase {
  route: string;
  method: 'GET' | 'POST';
  path: string;
  /** Writes replay their SQL in a transaction that is rolled back. */
  writes?: boolean;
  /** A body for the recording request. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Removes what the recording request wrote, so the replayed SQL meets no unique key it made. */
  undo?: () => Promise<unknown>;
  /** For routes whose every request must differ (a new parent each time): the load's request builder. */
  perRequest?: { amount: number; next: () => { headers: Record<string, string>; body: unknown } };
}

interface Row {
  route: string;
  database: string;
  api: LoadResult;
  bare: number;
  driver: number;
  statements: number;
}

const RECORDING_ADDRESS = '127.0.0.2';
const TX_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

export async function run() {
  const rows: Row[] = [];
  for (const database of DATABASES) rows.push(...(await measure(database)));
  console.log(
    `\nautocannon, ${CONNECTIONS} connections, ${SECONDS} s per cell (enroll: ${ENROLLMENTS} requests); pool ${DEFAULT_POOL_SIZE}; node ${process.version}\n`,
  );
  printTable(
    [
      'route',
      'database',
      'req/s',
      'p50',
      'p99',
      'errors',
      'bare Fastify req/s (same bytes)',
      'driver alone, same SQL, req/s',
      'SQL statements',
      'ratio to the driver',
    ],
    [
      ...rows.map((r) => [
        r.route,
        r.database,
        Math.round(r.api.rps),
        ms(r.api.p50),
        ms(r.api.p99),
        r.api.errors,
        Math.round(r.bare),
        Math.round(r.driver),
        r.statements,
        (r.api.rps / r.driver).toFixed(2),
      ]),
    ],
  );
}

async function measure(database: 'pglite' | 'postgres'): Promise<Row[]> {
  const dir = scratchDir(`bench-api-${database}`);
  let postgres: Postgres | undefined;
  const recorded: Statement[] = [];
  let recording = false;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      if (recording) recorded.push({ text, params });
    },
  };
  let handle: DbHandle | undefined;
  try {
    if (database === 'postgres') postgres = await benchPostgres('api');
    handle = await openDatabase(
      postgres ? { databaseUrl: postgres.url, logger } : { dataDir: join(dir, 'pglite'), logger },
    );
    const { db } = handle;
    await handle.migrate();
    await seedDatabase({ db, hashPassword, withDemoAccounts: true });
    await fillPrograms(db, 500);
    const parents = await verifiedParents(db, ENROLLMENTS + 1, `api-${database}`);
    const catalog = (
      await db.select({ id: programs.id }).from(programs).where(like(programs.slug, 'bench-%')).orderBy(programs.slug)
    ).map((p) => p.id);
    const [waiver] = await db
      .select({ version: contentPages.version })
      .from(contentPages)
      .where(eq(contentPages.key, 'waiver-data'));
    const demoParent = DEMO_ACCOUNTS.find((a) => a.role === 'parent')!;
    const enrollBody = (childId: string, programId: string) => ({
      childId,
      programId,
      waiverName: 'Jordan Rivera',
      waiverAccepted: true,
      waiverVersion: waiver!.version,
      joinWaitlist: true,
    });
    let nextParent = 1;
    // The real app, in process: it prepares the chat thread, then each route's SQL is recorded.
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        WEB_DIST_DIR: join(dir, 'none'),
        LOG_LEVEL: 'silent',
        PAYMENT_GATEWAY: 'sandbox',
      }),
      db,
    });
    await app.ready();
    const chat = await chatThread(app, parents[0]!.token, CHAT_MESSAGES_IN_THREAD);
    const allCases: RouteCase[] = [
      { route: '/programs/all-list', method: 'GET', path: '/api/programs/all-list?limit=50' },
      { route: '/programs/details', method: 'GET', path: `/api/programs/details?id=${catalog[7]}` },
      { route: '/cms/landing-page', method: 'GET', path: '/api/cms/landing-page' },
      {
        route: '/user/signin',
        method: 'POST',
        path: '/api/user/signin',
        writes: true,
        body: { email: demoParent.email, password: demoParent.password },
        undo: () => db.delete(sessions).where(eq(sessions.ip, RECORDING_ADDRESS)),
      },
      {
        route: '/enrollments/create',
        method: 'POST',
        path: '/api/enrollments/create',
        writes: true,
        headers: { 'x-access-token': parents[0]!.token },
        body: enrollBody(parents[0]!.childId, catalog[0]!),
        undo: () => db.delete(enrollments).where(eq(enrollments.childId, parents[0]!.childId)),
        perRequest: {
          amount: ENROLLMENTS,
          next: () => {
            const p = parents[nextParent]!;
            // Spread over the catalog: mostly seat holds, some waitlist places.
            const programId = catalog[nextParent % catalog.length]!;
            nextParent++;
            return { headers: { 'x-access-token': p.token }, body: enrollBody(p.childId, programId) };
          },
        },
      },
      {
        route: '/chat/history',
        method: 'GET',
        path: `/api/chat/history?conversationId=${chat}`,
        headers: { 'x-access-token': parents[0]!.token },
      },
    ];
    const cases = allCases.filter((c) => !ROUTES || ROUTES.includes(c.route));

    // 1. Record each route's SQL and answer.
    const sqlOf = new Map<string, Statement[]>();
    const bodies: Record<string, string> = {};
    for (const c of cases) {
      recorded.length = 0;
      recording = true;
      const res = await app.inject({
        method: c.method,
        url: c.path,
        headers: c.headers,
        payload: c.body as never,
        remoteAddress: RECORDING_ADDRESS,
      });
      recording = false;
      if (res.statusCode !== 200) throw new Error(`${c.route} answered ${res.statusCode}: ${res.body}`);
      await c.undo?.();
      sqlOf.set(c.route, recorded.splice(0));
      bodies[key(c.route)] = res.body;
    }
    await app.close();

    // 2. The driver alone, same SQL, 50 callers, a pool the API's size.
    const driver = new Map<string, number>();
    const replay = replayer(handle, postgres?.url);
    for (const c of cases) {
      const statements = sqlOf.get(c.route)!.filter((s) => !TX_CONTROL.test(s.text));
      driver.set(c.route, await ceiling(() => replay(statements, !!c.writes), CONNECTIONS));
    }
    await replay.close();
    await handle.close();
    handle = undefined;

    // 3. The API as its own process; then the bare server sending the same bytes.
    const api = await startApi({ port: BENCH_PORT, dir, databaseUrl: postgres?.url });
    const results = new Map<string, LoadResult>();
    try {
      await load({ url: `${api.url}/api/programs/all-list?limit=50`, amount: 2000 }); // warm-up, not reported
      for (const c of cases) {
        const per = c.perRequest;
        results.set(
          c.route,
          await load({
            url: `${api.url}${c.path}`,
            method: c.method,
            headers: c.headers,
            body: c.body === undefined ? undefined : JSON.stringify(c.body),
            connections: CONNECTIONS,
            ...(per
              ? {
                  amount: per.amount,
                  setupRequest: (req) => {
                    const { headers, body } = per.next();
                    return { ...req, headers: { ...(req.headers as object), ...headers }, body: JSON.stringify(body) };
                  },
                }
              : {}),
          }),
        );
      }
    } finally {
      await api.stop();
    }
    const bare = await startBare(BENCH_PORT + 5, dir, bodies);
    const bareRps = new Map<string, number>();
    try {
      for (const c of cases) bareRps.set(c.route, (await load({ url: `${bare.url}/${key(c.route)}` })).rps);
    } finally {
      await bare.stop();
    }
    return cases.map((c) => ({
      route: c.route,
      database: database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      api: results.get(c.route)!,
      bare: bareRps.get(c.route)!,
      driver: driver.get(c.route)!,
      statements: sqlOf.get(c.route)!.filter((s) => !TX_CONTROL.test(s.text)).length,
    }));
  } finally {
    await handle?.close().catch(() => undefined);
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A family's conversation with the office holding `messages` messages, sent through the API. */
async function chatThread(app: Awaited<ReturnType<typeof buildApp>>, token: string, messages: number) {
  const headers = { 'x-access-token': token };
  const list = await app.inject({ method: 'GET', url: '/api/chat/list', headers, remoteAddress: RECORDING_ADDRESS });
  const office = (list.json() as { data: ChatList }).data.conversations.find((c) => c.kind === 'office');
  if (!office) throw new Error(`/chat/list gave the family no office conversation: ${list.body}`);
  for (let i = 1; i <= messages; i++) {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers,
      payload: { conversationId: office.id, body: `Question ${i} about Tuesday's pickup time and the water bottles.` },
      remoteAddress: RECORDING_ADDRESS,
    });
    if (sent.statusCode !== 200) throw new Error(`/chat/send answered ${sent.statusCode}: ${sent.body}`);
  }
  return office.id;
}

const key = (route: string) => route.replace(/\W+/g, '-').replace(/^-/, '');

/**
 * Sends recorded statements on the bare driver: one by one, writes inside a rolled-back
 * transaction. On PostgreSQL a pool of its own; on PGlite the handle's one connection to PGlite's
 * thread (node-postgres too), since the folder is one process's.
 */
function replayer(handle: DbHandle, databaseUrl?: string) {
  const pool = databaseUrl
    ? new pg.Pool({ connectionString: databaseUrl, max: DEFAULT_POOL_SIZE })
    : (handle.db as unknown as { $client: pg.Pool }).$client;
  return Object.assign(
    async (statements: Statement[], writes: boolean) => {
      if (!writes) {
        for (const s of statements) await pool.query(s.text, s.params);
        return;
      }
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const s of statements) await client.query(s.text, s.params);
      } finally {
        await client.query('rollback');
        client.release();
      }
    },
    { close: () => (databaseUrl ? pool.end() : Promise.resolve()) },
  );
}
