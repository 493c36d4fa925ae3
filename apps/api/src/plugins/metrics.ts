import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolObserver } from '@kikstart/db';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';
import type { PeriodicJob } from '../lib/periodic.ts';
import { watchEnrollmentBatches } from '../modules/enrollments/enrollment-batch.ts';
import { outboxBacklog, type OutboxBacklog } from '../modules/mail/mail.worker.ts';

export const METRICS_PATH = '/metrics';

/** What the rest of the process tells the metrics (a no-op while they are off). */
export interface AppMetrics {
  /** The background jobs server.ts starts after buildApp: each one's lag is reported. */
  watchJobs(jobs: PeriodicJob[]): void;
}

/**
 * The label of requests no route matched: the web app's pages (the SPA fallback) and 404s. One
 * label, so a scan of random URLs cannot grow a series per URL.
 */
export const UNROUTED = '(unrouted)';

/** Sizes up to the enrollment batch cap (enrollment-batch.ts MAX_BATCH). */
const BATCH_SIZE_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250];
/** Up to the pool's connection timeout (5 s), after which the request answers 503. */
const ACQUIRE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * GET /metrics in Prometheus text format (prom-client), for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Unset token: off, a JSON 404, and nothing is counted.
 * One registry per app (tests build many apps in one process). Gauges are read at scrape time
 * (collect), so nothing polls between scrapes; `pool` is the database's connection pool, if any.
 */
export async function registerMetrics(app: FastifyInstance, config: AppConfig, { pool }: { pool?: PoolObserver }) {
  const token = config.metricsToken;
  if (!token) {
    app.decorate('metrics', { watchJobs: () => {} } satisfies AppMetrics);
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request) => {
      throw new AppError('NOT_FOUND', `Not found: ${request.method} ${METRICS_PATH}`);
    });
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'kikstart_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers,
  });
  const durations = new Histogram({
    name: 'kikstart_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class',
    labelNames,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNROUTED,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  if (pool) registerPoolMetrics(app, pool, registers);

  const outbox = sharedPerScrape(() => outboxBacklog(app.db));
  const outboxGauge = (name: string, help: string, value: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        // The database down: unknown (NaN), not an empty outbox; the other metrics still answer.
        const backlog = await outbox().catch(() => undefined);
        this.set(backlog ? value(backlog) : Number.NaN);
      },
    });
  outboxGauge('kikstart_mail_outbox_depth', 'Mails in the outbox not sent yet (queued or being sent)', (b) => b.unsent);
  outboxGauge(
    'kikstart_mail_outbox_oldest_age_seconds',
    'Age of the oldest mail not sent yet (0 when none)',
    (b) => b.oldestUnsentSeconds,
  );
  outboxGauge('kikstart_mail_outbox_failed', 'Mails given up on after their last attempt', (b) => b.failed);

  const jobs: PeriodicJob[] = [];
  // `task`, not `job`: Prometheus sets `job` on every series it scrapes.
  new Gauge({
    name: 'kikstart_job_seconds_since_success',
    help: 'Seconds since each background job last finished a pass without failing (since it started, before its first)',
    labelNames: ['task'],
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      for (const job of jobs) {
        const status = job.status();
        this.set({ task: status.name }, (now - (status.lastSuccessAt ?? status.startedAt)) / 1000);
      }
    },
  });
  new Gauge({
    name: 'kikstart_job_interval_seconds',
    help: 'How often each background job runs: alert when its lag is a few intervals',
    labelNames: ['task'],
    registers,
    collect() {
      this.reset();
      for (const { name, intervalMs } of jobs.map((job) => job.status())) this.set({ task: name }, intervalMs / 1000);
    },
  });

  new Gauge({
    name: 'kikstart_websockets_open',
    help: 'Chat WebSockets open on this process (signed in or not yet)',
    registers,
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });

  const batchSizes = new Histogram({
    name: 'kikstart_enrollment_batch_size',
    help: 'Enrollment requests decided together in one transaction (registration-day batches)',
    buckets: BATCH_SIZE_BUCKETS,
    registers,
  });
  const stopWatchingBatches = watchEnrollmentBatches(app.db, (size) => batchSizes.observe(size));
  app.addHook('onClose', async () => stopWatchingBatches());

  app.decorate('metrics', { watchJobs: (more) => void jobs.push(...more) } satisfies AppMetrics);

  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED', 'Send the metrics token as Authorization: Bearer <token>');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

function registerPoolMetrics(app: FastifyInstance, pool: PoolObserver, registers: Registry[]) {
  const stat = (name: string, help: string, key: keyof ReturnType<PoolObserver['stats']>) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(pool.stats()[key]);
      },
    });
  stat('kikstart_db_pool_connections', 'Database connections the pool has open', 'open');
  stat('kikstart_db_pool_idle_connections', 'Open database connections not in use', 'idle');
  stat('kikstart_db_pool_max_connections', 'The most connections the pool opens', 'max');
  stat('kikstart_db_pool_waiting', 'Queries and transactions waiting for a connection now', 'waiting');
  const acquire = new Histogram({
    name: 'kikstart_db_pool_acquire_seconds',
    help: 'Time a query or transaction waited for a database connection',
    buckets: ACQUIRE_BUCKETS,
    registers,
  });
  const stop = pool.onAcquire((seconds) => acquire.observe(seconds));
  app.addHook('onClose', async () => stop());
}

/**
 * prom-client collects every metric of a scrape at once, so gauges that share one query get the
 * same promise; the next scrape queries again.
 */
function sharedPerScrape<T>(load: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().finally(() => {
      pending = undefined;
    }));
}

/** Both sides hashed first, so the comparison takes the same time whatever the lengths. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(header: string | undefined, expected: Buffer) {
  const sent = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1] : undefined;
  return sent !== undefined && timingSafeEqual(digest(sent), expected);
}
