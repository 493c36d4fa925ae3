import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPostgres } from './bench-postgres.ts';
import { BENCH_PORT, printTable, startApi } from './load-kit.ts';

/**
 * PostgreSQL restarted under load: one API process on a throwaway cluster, 10 clients reading
 * the programs list and the health route without pause; the server is stopped (`pg_ctl stop -m
 * fast`), kept down 8 s, started again. Prints what the clients got before, during and after,
 * how long after the start the first answer came, and whether the API process was still up.
 */
const CLIENTS = 10;
const ROUTES = ['/api/programs/all-list', '/api/ready'];

type Phase = 'before' | 'down' | 'after';
type Tally = Record<string, number>;

export async function run() {
  if (process.env.PG_URL) {
    console.log('db-restart: needs a cluster of its own; run without PG_URL.');
    return;
  }
  const pg = await benchPostgres('restart');
  const dir = mkdtempSync(join(tmpdir(), 'kikstart-bench-restart-'));
  const api = await startApi({ port: BENCH_PORT + 7, dir, databaseUrl: pg.url });
  const tallies: Record<Phase, Tally> = { before: {}, down: {}, after: {} };
  let phase: Phase = 'before';
  let running = true;
  let startedAt = 0;
  let firstAnswerAfterStart = Number.NaN;
  const client = async (i: number) => {
    for (let n = 0; running; n++) {
      let outcome: string;
      try {
        const res = await fetch(`${api.url}${ROUTES[(i + n) % ROUTES.length]}`, {
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        outcome = String(res.status);
        if (phase === 'after' && res.ok && Number.isNaN(firstAnswerAfterStart))
          firstAnswerAfterStart = Date.now() - startedAt;
      } catch (error) {
        outcome = (error as Error).name === 'TimeoutError' ? 'timed out' : 'no answer (API down)';
        await new Promise((r) => setTimeout(r, 50));
      }
      tallies[phase][outcome] = (tallies[phase][outcome] ?? 0) + 1;
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  try {
    await wait(3_000);
    phase = 'down';
    pg.server!.stop();
    await wait(8_000);
    pg.server!.start();
    startedAt = Date.now();
    phase = 'after';
    await wait(5_000);
  } finally {
    running = false;
    await Promise.all(clients);
  }
  let alive = false;
  try {
    alive = (await fetch(`${api.url}/api/health`)).ok;
  } catch {
    alive = false;
  }
  const outcomes = [...new Set(Object.values(tallies).flatMap((t) => Object.keys(t)))].sort();
  console.log(`PostgreSQL stopped for 8 s under ${CLIENTS} clients (${ROUTES.join(', ')}), one API process`);
  printTable(
    ['phase', ...outcomes],
    (['before', 'down', 'after'] as Phase[]).map((p) => [p, ...outcomes.map((o) => tallies[p][o] ?? 0)]),
  );
  console.log(
    `first 2xx after the start: ${Number.isNaN(firstAnswerAfterStart) ? 'never' : `${firstAnswerAfterStart} ms`}; ` +
      `API process up at the end: ${alive ? 'yes' : 'no'}`,
  );
  await api.stop();
  pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
