import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import pg from 'pg';
import { printTable } from './load-kit.ts';

/**
 * The load benches' PostgreSQL: a fresh database on PG_URL's cluster, or a throwaway cluster
 * started like scripts/with-postgres.sh; with BENCH_PG_STATEMENTS=1, where its time went.
 */

export interface Postgres {
  /** A fresh database of its own in the cluster. */
  url: string;
  stop(): void;
  /** The throwaway cluster's server stopped (`pg_ctl stop -m fast`) and started again; absent on PG_URL's. */
  server?: { stop(): void; start(): void };
}

/**
 * A new database on PG_URL's cluster (scripts/with-postgres.sh sets it), or a throwaway cluster
 * started the same way as that script on PG_TEST_PORT (default 54329), removed by stop().
 */
export async function benchPostgres(name: string): Promise<Postgres> {
  let clusterUrl = process.env.PG_URL;
  let stopCluster = () => {};
  let server: Postgres['server'];
  if (!clusterUrl) {
    const started = startCluster(Number(process.env.PG_TEST_PORT ?? 54329));
    clusterUrl = started.url;
    stopCluster = started.stop;
    server = started.server;
  }
  const dbName = `bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${dbName}`;
  if (STATEMENT_STATS) {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query('create extension if not exists pg_stat_statements');
    await db.end();
  }
  return { url: url.toString(), stop: stopCluster, server };
}

/**
 * BENCH_PG_STATEMENTS=1: the throwaway cluster records every statement's planning and execution
 * time (pg_stat_statements), and the load benches print where PostgreSQL spent its time. Works
 * on the cluster this file starts, not on one given by PG_URL.
 */
/** BENCH_PG_STATEMENTS=1 prints the 15 costliest statements of each load; a larger number, that many. */
export const STATEMENT_STATS = Number(process.env.BENCH_PG_STATEMENTS ?? 0) > 0;
const STATEMENT_ROWS = Math.max(15, Number(process.env.BENCH_PG_STATEMENTS ?? 0));

/** Forgets the statistics so far (call before the load to measure). */
export async function resetStatementStats(url: string) {
  if (!STATEMENT_STATS) return;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query('select pg_stat_statements_reset()');
  await db.end();
}

/** The statements that took PostgreSQL the most time since the reset, as a table. */
export async function printStatementStats(url: string, top = STATEMENT_ROWS) {
  if (!STATEMENT_STATS) return;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query<{ calls: string; plan: number; exec: number; query: string }>(
    `select calls, total_plan_time as plan, total_exec_time as exec, query from pg_stat_statements
      order by total_plan_time + total_exec_time desc limit $1`,
    [top],
  );
  await db.end();
  printTable(
    ['calls', 'planning ms', 'executing ms', 'per call ms', 'statement'],
    rows.map((r) => [
      r.calls,
      Math.round(r.plan),
      Math.round(r.exec),
      ((r.plan + r.exec) / Number(r.calls)).toFixed(3),
      r.query.replace(/\s+/g, ' ').slice(0, 110),
    ]),
  );
}

function startCluster(port: number) {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  if (!versions.length) throw new Error('PostgreSQL server binaries not found; run scripts/ensure-test-deps.sh');
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const root = mkdtempSync('/tmp/kikstart-bench-pg.');
  chmodSync(root, 0o755);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['postgres:postgres', root]);
  const run = (cmd: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  };
  run(`${bin}/initdb`, ['-D', `${root}/data`, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run(`${bin}/pg_ctl`, [
      '-D',
      `${root}/data`,
      '-l',
      `${root}/log`,
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c max_connections=200${STATEMENT_STATS ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on' : ''}`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    server: { stop: () => run(`${bin}/pg_ctl`, ['-D', `${root}/data`, '-m', 'fast', '-w', 'stop']), start },
    stop() {
      spawnSync(asRoot ? 'runuser' : `${bin}/pg_ctl`, [
        ...(asRoot ? ['-u', 'postgres', '--', `${bin}/pg_ctl`] : []),
        '-D',
        `${root}/data`,
        '-m',
        'immediate',
        'stop',
      ]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
