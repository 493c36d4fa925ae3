import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type Logger } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { takeDataDirLock } from './data-dir-lock.ts';
import { withStatementName } from './statement-names.ts';
import { listenOnPglite, listenOnPostgres, type Listener, type ListenOptions } from './listen.ts';
import { startPgliteThread } from './pglite-thread.ts';

export { DataDirLockedError } from './data-dir-lock.ts';
export type { Listener, ListenOptions } from './listen.ts';

export type Schema = typeof schema;
/**
 * The same Drizzle API whichever driver is underneath. Made without the schema: the code writes
 * its queries with the query builder, never `db.query.<table>`, and a database given the schema
 * builds a relational query builder for each of its tables in every transaction it starts.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Any number, fixed: every API process takes this lock before migrating. */
const MIGRATION_LOCK_ID = 7_210_431;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The embedded engine when it runs in this thread (in memory: tests snapshot it). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /** LISTEN on a channel: `pg_notify(channel, …)` calls `onNotify` when its transaction commits. */
  listen(channel: string, options: ListenOptions): Promise<Listener>;
  /** The connection pool, watched for metrics; absent when PGlite runs in this thread (no pool). */
  pool?: PoolObserver;
  close(): Promise<void>;
}

/** What the metrics read of a connection pool. */
export interface PoolObserver {
  /** Connections open and idle, the pool's cap, and checkouts waiting for a connection, now. */
  stats(): { open: number; idle: number; max: number; waiting: number };
  /** Calls `listener` with the seconds each checkout waited for its connection; returns the unsubscribe. */
  onAcquire(listener: (seconds: number) => void): () => void;
}

export type DbOptions = (
  | {
      databaseUrl: string;
      poolSize?: number;
      /** Named statements, prepared once per connection (statement-names.ts); false behind a pooler that cannot keep them. Default true. */
      preparedStatements?: boolean;
    }
  | { dataDir: string }
  /** In memory, optionally starting from a `dumpDataDir()` snapshot (tests). */
  | { memory: true; loadDataDir?: Blob | File }
) & {
  /** Sees every statement and its parameters (the benchmarks replay them on the bare driver). */
  logger?: Logger;
};

/**
 * PostgreSQL connections per API process (DATABASE_POOL_SIZE overrides it). Enrollments wait in
 * memory for their process's next batch, not on pooled connections (apps/api batch-queue.ts), so
 * a rush does not need a bigger pool; every process of a scaled-out API takes its own pool from the
 * server's max_connections. Compare sizes with `DATABASE_POOL_SIZE=… npm run bench -- rush`.
 */
export const DEFAULT_POOL_SIZE = 10;

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if ('databaseUrl' in options)
    return openPostgres(options.databaseUrl, {
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      preparedStatements: options.preparedStatements ?? true,
      logger: options.logger,
    });
  if ('dataDir' in options) return openPgliteOnDisk(resolve(options.dataDir), options.logger);
  return openPglite(new PGlite({ loadDataDir: options.loadDataDir }), options.logger);
}

/**
 * An on-disk PGlite is one process's: a second one would answer 200 to writes that a restart
 * then loses. The lock file beside the folder (`<folder>.lock`: pid, host, start time) is taken
 * before PGlite opens and released after it closes; a live holder makes this throw
 * DataDirLockedError naming it, a dead one's stale lock is taken over. PGlite runs in a thread
 * of its own, reached like a PostgreSQL server (pglite-thread.ts).
 */
async function openPgliteOnDisk(dataDir: string, logger?: Logger): Promise<DbHandle> {
  // PGlite does not create parent folders itself.
  mkdirSync(dataDir, { recursive: true });
  const lock = takeDataDirLock(`${dataDir}.lock`);
  try {
    const thread = await startPgliteThread(dataDir);
    return {
      ...overPool(thread.pool, { preparedStatements: true, logger }),
      // One connection to PGlite's thread: its waits are the queue in front of the database.
      pool: observePool(thread.pool),
      driver: 'pglite',
      listen: (channel, listenOptions) => thread.listen(channel, listenOptions),
      async close() {
        await thread.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** PGlite in this thread: in memory, for tests (each file its own database, started from a snapshot). */
async function openPglite(client: PGlite, logger?: Logger): Promise<DbHandle> {
  await client.waitReady;
  const db = drizzlePglite({ client, logger }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    // One process owns an in-memory PGlite, so migrations need no lock.
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    listen: (channel, listenOptions) => listenOnPglite(client, channel, listenOptions),
    close: () => client.close(),
  };
}

async function openPostgres(
  connectionString: string,
  { max, preparedStatements, logger }: { max: number; preparedStatements: boolean; logger?: Logger },
): Promise<DbHandle> {
  // A request waits at most this long for a connection while the server is unreachable, then
  // fails (the API answers 503) instead of hanging.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  return {
    ...overPool(pool, { preparedStatements, logger }),
    pool: observePool(pool),
    driver: 'postgres',
    listen: (channel, listenOptions) => listenOnPostgres(connectionString, channel, listenOptions),
    close: () => pool.end(),
  };
}

/** Drizzle on a node-postgres pool (a PostgreSQL server, or PGlite in its thread), and its migrations. */
function overPool(pool: pg.Pool, { preparedStatements, logger }: { preparedStatements: boolean; logger?: Logger }) {
  if (preparedStatements) pool.on('connect', sendNamedStatements);
  // An idle connection the server ended (a restart, a failover, pg_terminate_backend) is an
  // 'error' on the pool: without a listener it would end the process. The pool drops that
  // connection and opens a new one for the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    process.emitWarning(`an idle database connection was lost (${error.code ?? error.message}); the pool reconnects`, {
      code: 'KIKSTART_DB_CONNECTION_LOST',
    });
  });
  // A connection the server ends while it is checked out (mid-query, in a transaction) emits
  // 'error' on the client, not the pool: the query in flight fails with it, and this listener
  // keeps it from ending the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, logger }) as unknown as Db;
  return {
    db,
    async migrate() {
      // Two API processes starting at once: the second waits here, then finds nothing to do.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: conn }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        conn.release();
      }
    },
  };
}

type Checkout = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Times every checkout, from asking for a connection to having one: `pool.query` and transactions
 * both go through `connect`, so wrapping it sees them all. Failed checkouts are not timed; they
 * answer 503 and show in the request metrics.
 */
export function observePool(pool: pg.Pool): PoolObserver {
  const listeners = new Set<(seconds: number) => void>();
  const connect = pool.connect.bind(pool) as (cb?: Checkout) => Promise<pg.PoolClient> | undefined;
  const observe = (startedAt: number) => {
    const seconds = (performance.now() - startedAt) / 1000;
    for (const listener of listeners) listener(seconds);
  };
  (pool as { connect: unknown }).connect = (cb?: Checkout) => {
    const startedAt = performance.now();
    if (cb)
      return connect((err, client, done) => {
        if (!err) observe(startedAt);
        cb(err, client, done);
      });
    return connect()!.then((client) => {
      observe(startedAt);
      return client;
    });
  };
  return {
    stats: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      // pg's own default when none was given.
      max: pool.options.max ?? 10,
      waiting: pool.waitingCount,
    }),
    onAcquire(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Every data statement of fixed text this connection sends goes out named, so it is planned once (statement-names.ts). */
function sendNamedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(withStatementName(config), ...rest);
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How many migrations the project has. */
export function migrationCount(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many of the project's migrations the database has not applied yet (0 once migrated). */
export async function pendingMigrations(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as "applied" from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { applied: number }[];
  };
  return Math.max(0, migrationCount() - (result.rows[0]?.applied ?? 0));
}

export { schema };
