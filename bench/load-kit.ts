import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import http from 'node:http';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { families, programs, schools, sessions, users, children, type Db } from '@kikstart/db';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import type { RushAnswers } from './rush-parents.ts';

/**
 * What the load benches (api, rush) share: a throwaway PostgreSQL, the API as a child process
 * on loopback, autocannon, a bare Fastify server, and bulk-made data. All traffic stays on
 * 127.x.y.z; every load is bounded by a count or a duration.
 */

export const ROOT = resolve(import.meta.dirname, '..');
/** API processes listen on BENCH_PORT, BENCH_PORT + 1, … (the bare server on BENCH_PORT + 5). */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3300);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');

/** Prints rows as a Markdown table (pastes into an issue as it is). */
export function printTable(header: string[], rows: (string | number)[][]) {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  console.log(line(header));
  console.log(line(header.map(() => '---')));
  for (const r of rows) console.log(line(r));
}

export interface Child {
  url: string;
  /** The server's process id (for CPU accounting). */
  pid: number;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ReturnType<typeof spawn>, logFile: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}; see ${logFile}`);
    const up = await new Promise<boolean>((done) => {
      http
        .get(url, (res) => {
          res.resume();
          done(res.statusCode === 200);
        })
        .on('error', () => done(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 90 s; see ${logFile}`);
}

function startChild(script: string, port: number, env: Record<string, string>, logFile: string, probe: string) {
  const fd = openSync(logFile, 'a');
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (where its time went).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  return {
    ready: waitForHttp(`${url}${probe}`, child, logFile).then((): Child => ({
      url,
      pid: child.pid!,
      stop: () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    })),
  };
}

/**
 * The real server (apps/api/src/server.ts) as a production-like child process: JSON logs at
 * info to a file, every limit on, sandbox payments, the database given (PostgreSQL URL or a
 * PGlite folder prepared beforehand).
 */
export function startApi(opts: { port: number; dir: string; databaseUrl?: string; env?: Record<string, string> }) {
  return startChild(
    'apps/api/src/server.ts',
    opts.port,
    {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      DATA_DIR: opts.dir,
      DATABASE_URL: opts.databaseUrl ?? '',
      WEB_DIST_DIR: join(opts.dir, 'no-web-build'),
      LOG_LEVEL: 'info',
      PAYMENT_GATEWAY: 'sandbox',
      E2E_FIXTURES: 'false',
      ...opts.env,
    },
    join(opts.dir, `api-${opts.port}.log`),
    '/api/health',
  ).ready;
}

/** A bare Fastify server answering GET /<name> with the given bytes (bench/bare-server.ts). */
export function startBare(port: number, dir: string, bodies: Record<string, string>) {
  return startBareScript('bench/bare-server.ts', port, dir, bodies);
}

/** The rush's floor: a bare server answering its three requests with the given bytes (bench/bare-rush-server.ts). */
export function startBareRush(port: number, dir: string, bodies: RushAnswers, seats: number) {
  return startBareScript('bench/bare-rush-server.ts', port, dir, bodies, { BARE_SEATS: String(seats) });
}

function startBareScript(script: string, port: number, dir: string, bodies: object, env: Record<string, string> = {}) {
  const file = join(dir, `bare-bodies-${port}.json`);
  writeFileSync(file, JSON.stringify(bodies));
  return startChild(
    script,
    port,
    { PORT: String(port), BARE_BODIES: file, ...env },
    join(dir, `bare-${port}.log`),
    '/health',
  ).ready;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors or time-outs. */
  errors: number;
  total: number;
}

/** autocannon at `connections` for SECONDS (or `amount` requests), bounded either way. */
export async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  amount?: number;
  setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    connections: opts.connections ?? 50,
    ...(opts.amount ? { amount: opts.amount } : { duration: SECONDS }),
    timeout: 30,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body,
    ...(opts.setupRequest ? { requests: [{ setupRequest: opts.setupRequest }] } : {}),
  } as autocannon.Options);
  const total = result.requests.total;
  return {
    rps: total / (result.duration || SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    total,
  };
}

/**
 * Runs `once` from `concurrency` callers for SECONDS and answers completions per second: the
 * ceiling of whatever `once` does (here: the driver alone sending a route's SQL).
 */
export async function ceiling(once: () => Promise<unknown>, concurrency = 50) {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await once();
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

const VENUES = [
  'Mission Recreation Center',
  'Golden Gate Park, Polo Field',
  'Oakland Main Library, Makerspace',
  'Daly City Aquatic Center',
  'San Mateo Community Theatre Studio',
];
const SPORTS = ['Soccer', 'Chess', 'Coding', 'Art', 'Tennis', 'Swimming', 'Drama', 'Robotics'];

/** Tops the catalog up to `target` published programs (the shape bench/programs-list.bench.ts uses). */
export async function fillPrograms(db: Db, target: number, prefix = 'bench') {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(programs);
  const schoolRows = await db.select({ id: schools.id }).from(schools).orderBy(schools.slug);
  const rows = Array.from({ length: Math.max(0, target - count) }, (_, i) => {
    const atSchool = i % 2 === 0;
    const sport = SPORTS[i % SPORTS.length]!;
    return {
      slug: `${prefix}-${i}`,
      title: `${sport} Club ${i}`,
      sport,
      summary: `${sport} for young players.`,
      description: `${sport} sessions with a certified coach.`,
      classType: (i % 3 === 0 ? 'enrichment' : 'after_school') as 'enrichment' | 'after_school',
      locationType: (atSchool ? 'at_my_school' : 'public_class') as 'at_my_school' | 'public_class',
      schoolId: atSchool ? schoolRows[i % schoolRows.length]!.id : null,
      venueName: atSchool ? null : VENUES[i % VENUES.length]!,
      venueAddress: atSchool ? 'School campus' : `${100 + i} Market Street, San Francisco, CA`,
      weekdays: [1 + (i % 5)],
      startTime: '15:30',
      endTime: '16:30',
      firstDate: sql`current_date + ${7 + (i % 30)}::int` as unknown as string,
      lastDate: sql`current_date + ${60 + (i % 30)}::int` as unknown as string,
      minGrade: i % 4,
      maxGrade: 5 + (i % 4),
      capacity: 12 + (i % 10),
      priceCents: 19900 + (i % 10) * 1000,
    };
  });
  for (let i = 0; i < rows.length; i += 100) await db.insert(programs).values(rows.slice(i, i + 100));
}

/** Programs made for a rush: `count` of `capacity` seats, open to grades K–12, none clashing with another child's. */
export async function rushPrograms(db: Db, count: number, capacity: number, prefix: string) {
  const rows = await db
    .insert(programs)
    .values(
      Array.from({ length: count }, (_, i) => ({
        slug: `${prefix}-${i}`,
        title: `Spring Soccer ${prefix} ${i + 1}`,
        sport: 'Soccer',
        summary: 'Soccer for young players.',
        description: 'Soccer sessions with a certified coach.',
        classType: 'after_school' as const,
        locationType: 'public_class' as const,
        venueName: VENUES[i % VENUES.length]!,
        venueAddress: `${200 + i} Valencia Street, San Francisco, CA`,
        weekdays: [1 + (i % 5)],
        startTime: '15:30',
        endTime: '16:30',
        firstDate: sql`current_date + 14` as unknown as string,
        lastDate: sql`current_date + 84` as unknown as string,
        minGrade: 0,
        maxGrade: 12,
        capacity,
        priceCents: 24900,
      })),
    )
    .returning({ id: programs.id });
  return rows.map((r) => r.id);
}

export interface BenchParent {
  email: string;
  token: string;
  childId: string;
}

/**
 * `count` verified parents, each with one child (grade 4) and a live session, written straight
 * to the database in batches: the rush is about enrolling, not signing up.
 */
export async function verifiedParents(db: Db, count: number, prefix: string): Promise<BenchParent[]> {
  const out: BenchParent[] = [];
  const now = new Date();
  const expires = new Date(now.getTime() + 7 * 86_400_000);
  for (let start = 0; start < count; start += 250) {
    const n = Math.min(250, count - start);
    const fams = await db
      .insert(families)
      .values(Array.from({ length: n }, () => ({})))
      .returning({ id: families.id });
    const people = await db
      .insert(users)
      .values(
        fams.map((f, i) => ({
          email: `${prefix}-${start + i}@rush.example`,
          firstName: 'Jordan',
          lastName: `Rivera ${start + i}`,
          staffRoles: [],
          familyId: f.id,
          passwordHash: 'bench-only',
          emailVerifiedAt: now,
        })),
      )
      .returning({ id: users.id, email: users.email, familyId: users.familyId });
    const tokens = people.map(() => newToken());
    await db.insert(sessions).values(
      people.map((p, i) => ({
        userId: p.id,
        tokenHash: hashToken(tokens[i]!),
        createdAt: now,
        lastUsedAt: now,
        expiresAt: expires,
      })),
    );
    const kids = await db
      .insert(children)
      .values(
        people.map((p, i) => ({
          familyId: p.familyId!,
          firstName: 'Sam',
          lastName: `Rivera ${start + i}`,
          dateOfBirth: `${now.getUTCFullYear() - 9}-03-15`,
          grade: 4,
          allergies: 2,
          emergencyContacts: [{ name: 'Alex Rivera', relation: 'Father', phone: '415-555-0142' }],
          photoConsent: 1,
        })),
      )
      .returning({ id: children.id, familyId: children.familyId });
    const kidOf = new Map(kids.map((k) => [k.familyId, k.id]));
    people.forEach((p, i) => out.push({ email: p.email, token: tokens[i]!, childId: kidOf.get(p.familyId!)! }));
  }
  return out;
}

export function scratchDir(name: string) {
  return mkdtempSync(join(tmpdir(), `kikstart-${name}-`));
}
