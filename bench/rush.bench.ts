import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { contentPages, enrollments, openDatabase, type Db, type DbHandle } from '@kikstart/db';
import { seedDatabase } from '@kikstart/db/seed/index';
import { SEAT_STATUSES, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { newToken } from '../apps/api/src/lib/tokens.ts';
import {
  BENCH_PORT,
  ms,
  pct,
  printTable,
  rushPrograms,
  scratchDir,
  startApi,
  startBareRush,
  verifiedParents,
  type BenchParent,
} from './load-kit.ts';
import { benchPostgres, printStatementStats, resetStatementStats, type Postgres } from './bench-postgres.ts';
import { rush, seeded, type RushAnswers, type StepTimes } from './rush-parents.ts';
import { cpuSnapshot, cpuSpent, listenOverflows } from './machine-use.ts';

/**
 * `npm run bench -- rush`: registration day. 1,000 verified parents (made in the database) all
 * enroll at once through the HTTP API, each from its own 127.x.y.z address with every limit
 * on, and those who hold a seat pay through the sandbox gateway (initiate, then the card form).
 * Two API processes on one PostgreSQL, then one process on PGlite; each setup runs the spread
 * rush (50 programs of 20 seats, programs picked at random, so some fill and queue) and the
 * worst case (everyone into one 24-seat program). Afterwards the database is checked: seats per
 * program against capacity and demand, and the order: no enrollment that took the program lock
 * later holds a seat while an earlier one waits (created_at is taken under the lock).
 * After each setup, its floor: the same rushes against as many bare servers that answer at once
 * with the bytes the API sent (`floorRush`), i.e. what HTTP and the load generator alone cost.
 */

const PARENTS = Number(process.env.RUSH_PARENTS ?? 1000);
const WARM_UP_PARENTS = 40;

interface Scenario {
  name: string;
  programs: number;
  seats: number;
}
/** RUSH_SCENARIOS=spread (or one) runs one of the two. */
const SCENARIOS: Scenario[] = [
  { name: 'spread', programs: 50, seats: 20 },
  { name: 'one program', programs: 1, seats: 24 },
].filter((s) => !process.env.RUSH_SCENARIOS || process.env.RUSH_SCENARIOS.split(',').some((n) => s.name.startsWith(n)));

/** API processes per setup: an on-disk PGlite is one process's. */
const PROCESSES = { postgres: 2, pglite: 1 } as const;

/** RUSH_SETUPS=postgres (or pglite) runs one of the two. */
const SETUPS = (['postgres', 'pglite'] as const).filter(
  (s) => !process.env.RUSH_SETUPS || process.env.RUSH_SETUPS.split(',').includes(s),
);

interface Outcome {
  setup: string;
  scenario: Scenario;
  times: StepTimes;
  errors: number;
  errorSamples: string[];
  wallMs: number;
  /** Connections the kernel dropped during the rush, its accept queue full (machine-use.ts). */
  dropped: number;
  /** CPU seconds during the rush: API processes / PostgreSQL / load generator. */
  cpu: string;
  held: number;
  paid: number;
  waitlisted: number;
  /** From the database afterwards; null for the floor, which stores nothing. */
  oversold: number | null;
  inexact: number | null;
  outOfOrder: number | null;
}

export async function run() {
  const outcomes: Outcome[] = [];
  let answers: Partial<RushAnswers> = {};
  for (const setup of SETUPS) {
    const done = await rushOn(setup);
    outcomes.push(...done.outcomes);
    answers = { ...done.answers, ...answers };
    // The same rushes against servers that do no work, as many processes as this setup has.
    if (answers.held && answers.waitlisted && answers.initiate && answers.pay) {
      for (const scenario of SCENARIOS)
        outcomes.push(await floorRush(answers as RushAnswers, scenario, PROCESSES[setup]));
    }
  }
  console.log(
    `\n${PARENTS} parents per rush, all at once, each from its own 127.x.y.z address; node ${process.version}\n`,
  );
  printTable(
    [
      'setup',
      'rush',
      'enroll p50',
      'enroll p99',
      'initiate p50 / p99',
      'card form p50 / p99',
      'paying p99 (both)',
      'errors',
      'held / paid / waitlisted',
      'oversold',
      'seat counts off',
      'out of order',
      'wall time',
      'handshakes dropped',
      'CPU s: API / PostgreSQL / load',
    ],
    outcomes.map((o) => [
      o.setup,
      `${o.scenario.name} (${o.scenario.programs} × ${o.scenario.seats})`,
      ms(pct(o.times.enroll, 50)),
      ms(pct(o.times.enroll, 99)),
      `${ms(pct(o.times.initiate, 50))} / ${ms(pct(o.times.initiate, 99))}`,
      `${ms(pct(o.times.pay, 50))} / ${ms(pct(o.times.pay, 99))}`,
      ms(pct(o.times.paying, 99)),
      o.errors,
      `${o.held} / ${o.paid} / ${o.waitlisted}`,
      o.oversold ?? '—',
      o.inexact ?? '—',
      o.outOfOrder ?? '—',
      ms(o.wallMs),
      o.dropped,
      o.cpu,
    ]),
  );
  for (const o of outcomes)
    if (o.errorSamples.length)
      console.log(`errors in ${o.setup}, ${o.scenario.name}:\n  ${o.errorSamples.join('\n  ')}`);
}

async function rushOn(setup: 'postgres' | 'pglite'): Promise<{ outcomes: Outcome[]; answers: Partial<RushAnswers> }> {
  const dir = scratchDir(`bench-rush-${setup}`);
  let postgres: Postgres | undefined;
  let handle: DbHandle | undefined;
  const open = () => openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: join(dir, 'pglite') });
  try {
    if (setup === 'postgres') postgres = await benchPostgres('rush');
    handle = await open();
    await handle.migrate();
    await seedDatabase({ db: handle.db, hashPassword, withDemoAccounts: false });
    const [waiver] = await handle.db
      .select({ version: contentPages.version })
      .from(contentPages)
      .where(eq(contentPages.key, 'waiver-data'));
    // Each process serves a few families first (its own program), as a site is warm by 8 am.
    const warmProgram = (await rushPrograms(handle.db, 1, 1000, 'warm'))[0]!;
    const warmParents = await verifiedParents(handle.db, WARM_UP_PARENTS, `warm-${setup}`);
    const prepared = [];
    for (const [i, scenario] of SCENARIOS.entries()) {
      prepared.push({
        scenario,
        programIds: await rushPrograms(handle.db, scenario.programs, scenario.seats, `rush${i}`),
        parents: await verifiedParents(handle.db, PARENTS, `rush${i}-${setup}`),
      });
    }
    // An on-disk PGlite is one process's: the API takes it over.
    if (setup === 'pglite') {
      await handle.close();
      handle = undefined;
    }
    const ports = Array.from({ length: PROCESSES[setup] }, (_, i) => BENCH_PORT + i);
    const apis = await Promise.all(ports.map((port) => startApi({ port, dir, databaseUrl: postgres?.url })));
    const results: Omit<Outcome, 'held' | 'paid' | 'waitlisted' | 'oversold' | 'inexact' | 'outOfOrder'>[] = [];
    let answers: Partial<RushAnswers> = {};
    try {
      const warm = await rush(
        warmParents,
        warmParents.map(() => warmProgram),
        ports,
        waiver!.version,
        10,
        // Loopback addresses of their own, past the rushes' (limits count per address).
        2 * PARENTS,
      );
      // Reported, not fatal: on a loaded machine a warm-up request may time out too.
      if (warm.errors) console.log(`warm-up: ${warm.errors} error(s): ${warm.errorSamples.join('; ')}`);
      for (const p of prepared) {
        if (postgres) await resetStatementStats(postgres.url);
        const random = seeded(42);
        const picks = p.parents.map(() => p.programIds[Math.floor(random() * p.programIds.length)]!);
        const { answers: sent, ...measured } = await measuredRush(
          apis.map((a) => a.pid),
          p.parents,
          picks,
          ports,
          waiver!.version,
        );
        answers = { ...sent, ...answers };
        results.push({
          setup: setup === 'postgres' ? `PostgreSQL, ${ports.length} processes` : 'PGlite, 1 process',
          scenario: p.scenario,
          ...measured,
        });
        if (postgres) await printStatementStats(postgres.url);
      }
    } finally {
      await Promise.all(apis.map((a) => a.stop()));
    }
    handle ??= await open();
    const outcomes: Outcome[] = [];
    for (const [i, r] of results.entries()) {
      const p = prepared[i]!;
      const random = seeded(42);
      const demand = new Map<string, number>();
      for (const _ of p.parents) {
        const id = p.programIds[Math.floor(random() * p.programIds.length)]!;
        demand.set(id, (demand.get(id) ?? 0) + 1);
      }
      outcomes.push({ ...r, ...(await check(handle.db, p.programIds, p.scenario.seats, demand)) });
    }
    return { outcomes, answers };
  } finally {
    await handle?.close().catch(() => undefined);
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The floor under a rush: the same parents' requests, from the same addresses, to bare Fastify
 * processes that answer at once with the bytes the real API sent (bench/bare-rush-server.ts).
 * What HTTP and this load generator cost on this machine with no app work at all: whatever the
 * real rows take beyond it is the API's and the database's.
 */
async function floorRush(answers: RushAnswers, scenario: Scenario, processes: number): Promise<Outcome> {
  const dir = scratchDir('bench-rush-floor');
  const ports = Array.from({ length: processes }, (_, i) => BENCH_PORT + i);
  // Parents alternate between the processes (as in the real rush), so each process gives a
  // program its share of the seats: about as many parents hold a seat, and go on to pay.
  const seatsPerProcess = Math.round(scenario.seats / ports.length);
  const servers = await Promise.all(ports.map((port) => startBareRush(port, dir, answers, seatsPerProcess)));
  const parentsOf = (n: number, prefix: string): BenchParent[] =>
    Array.from({ length: n }, (_, i) => ({
      email: `${prefix}-${i}@rush.example`,
      token: newToken(),
      childId: randomUUID(),
    }));
  try {
    const warmParents = parentsOf(WARM_UP_PARENTS, 'floor-warm');
    const warmProgram = randomUUID();
    await rush(
      warmParents,
      warmParents.map(() => warmProgram),
      ports,
      1,
      10,
      2 * PARENTS,
    );
    const parents = parentsOf(PARENTS, 'floor');
    const programIds = Array.from({ length: scenario.programs }, () => randomUUID());
    const random = seeded(42);
    const picks = parents.map(() => programIds[Math.floor(random() * programIds.length)]!);
    const { answers: _replayed, ...measured } = await measuredRush(
      servers.map((s) => s.pid),
      parents,
      picks,
      ports,
      1,
    );
    const { times } = measured;
    return {
      setup: `floor: bare Fastify, ${processes === 1 ? '1 process' : `${processes} processes`}, no app work`,
      scenario,
      ...measured,
      held: times.initiate.length,
      paid: times.pay.length,
      waitlisted: times.enroll.length - times.initiate.length,
      oversold: null,
      inexact: null,
      outOfOrder: null,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One rush against these servers (their pids), with its wall time, dropped handshakes and CPU seconds. */
async function measuredRush(
  serverPids: number[],
  parents: BenchParent[],
  picks: string[],
  ports: number[],
  waiverVersion: number,
) {
  const cpuBefore = cpuSnapshot(serverPids);
  const droppedBefore = listenOverflows();
  const start = performance.now();
  const result = await rush(parents, picks, ports, waiverVersion);
  return {
    ...result,
    wallMs: performance.now() - start,
    dropped: listenOverflows() - droppedBefore,
    cpu: cpuSpent(cpuBefore, cpuSnapshot(serverPids)),
  };
}

/** Seats against capacity and demand, and the lock order, per program, from the database. */
async function check(db: Db, programIds: string[], capacity: number, demand: Map<string, number>) {
  const rows = await db
    .select({
      programId: enrollments.programId,
      status: enrollments.status,
      lockedAt: sql<string>`to_char(${enrollments.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
    })
    .from(enrollments)
    .where(inArray(enrollments.programId, programIds));
  let held = 0;
  let paid = 0;
  let waitlisted = 0;
  let oversold = 0;
  let inexact = 0;
  let outOfOrder = 0;
  for (const id of programIds) {
    const mine = rows.filter((r) => r.programId === id);
    const seats = mine.filter((r) => (SEAT_STATUSES as readonly string[]).includes(r.status));
    const queue = mine.filter((r) => r.status === WAITLIST_STATUS);
    held += seats.length;
    paid += seats.filter((r) => r.status === 'confirmed').length;
    waitlisted += queue.length;
    if (seats.length > capacity) oversold += seats.length - capacity;
    const wanted = demand.get(id) ?? 0;
    if (seats.length !== Math.min(capacity, wanted) || queue.length !== Math.max(0, wanted - capacity)) inexact++;
    // Lock times as fixed-width text compare in order (microseconds, as the database keeps them).
    const lastSeat = seats.reduce((max, r) => (r.lockedAt > max ? r.lockedAt : max), '');
    outOfOrder += queue.filter((r) => r.lockedAt < lastSeat).length;
  }
  return { held, paid, waitlisted, oversold, inexact, outOfOrder };
}
