import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolObserver } from '@kikstart/db';
import { ok } from '../lib/envelope.ts';
import type { PeriodicJob } from '../lib/periodic.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addChild, createProgram, enroll } from '../../test/enrollment-fixtures.ts';
import { createUserWithSession } from '../../test/user-fixtures.ts';
import { UNROUTED } from './metrics.ts';

const TOKEN = 'c0ffee5eed0f4b1e9a7d3c2b1a098765';
const scrape = (t: TestApp, authorization = `Bearer ${TOKEN}`) =>
  t.app.inject({ url: '/metrics', headers: { authorization } });

/** The value of one sample of the Prometheus text, by metric name and labels (those given must match). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Stands in for the PostgreSQL pool (PGlite in memory has none): fixed numbers, checkouts by hand. */
const acquireListeners = new Set<(seconds: number) => void>();
const pool: PoolObserver = {
  stats: () => ({ open: 4, idle: 1, max: 10, waiting: 2 }),
  onAcquire(listener) {
    acquireListeners.add(listener);
    return () => void acquireListeners.delete(listener);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN: TOKEN },
    (app) => {
      app.get('/api/probe/metrics/:thing', async () => ok({}));
    },
    { pool },
  );
});
afterAll(async () => {
  await t?.close();
  // The app's close stops listening to the pool.
  expect(acquireListeners.size).toBe(0);
});

describe('/metrics, switched off', () => {
  it('answers a JSON 404 without METRICS_TOKEN, whatever is sent', async () => {
    const off = await createTestApp();
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const res = await off.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', data: null });
      }
      off.app.metrics.watchJobs([]); // a no-op, so server.ts need not ask whether metrics are on
    } finally {
      await off.close();
    }
  });
});

describe('/metrics, behind its token', () => {
  it('refuses a missing or wrong token with 401 and says how to authenticate', async () => {
    const missing = await t.app.inject({ url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(missing.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED', data: null });
    expect((await scrape(t, `Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(401);
  });

  it('answers hostile Authorization headers with 401, never a 500', async () => {
    const hostile = [
      '',
      'Bearer',
      'Bearer ',
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Bearer ${'A'.repeat(8000)}`,
      'Bearer \u00ff\u00fe%00%0d%0a',
      "Bearer ' or 1=1 --",
      `Bearer ${TOKEN.toUpperCase()}`,
    ];
    for (const authorization of hostile) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, JSON.stringify(authorization.slice(0, 40))).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers the right token with Prometheus text naming every metric', async () => {
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'kikstart_http_requests_total',
      'kikstart_http_request_duration_seconds',
      'kikstart_db_pool_connections',
      'kikstart_db_pool_idle_connections',
      'kikstart_db_pool_max_connections',
      'kikstart_db_pool_waiting',
      'kikstart_db_pool_acquire_seconds',
      'kikstart_mail_outbox_depth',
      'kikstart_mail_outbox_oldest_age_seconds',
      'kikstart_mail_outbox_failed',
      'kikstart_job_seconds_since_success',
      'kikstart_job_interval_seconds',
      'kikstart_websockets_open',
      'kikstart_enrollment_batch_size',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(res.body, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(res.body, 'kikstart_websockets_open')).toBe(0);
    // The scheme's name is case-insensitive; the token is not.
    expect((await scrape(t, `bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('counts requests by route pattern, method and status class, not by URL', async () => {
    const labels = { method: 'GET', route: '/api/probe/metrics/:thing', status_class: '2xx' };
    const before = sample((await scrape(t)).body, 'kikstart_http_requests_total', labels) ?? 0;
    await t.app.inject({ url: '/api/probe/metrics/first' });
    await t.app.inject({ url: '/api/probe/metrics/second?x=1' });
    await t.app.inject({ url: '/no/such/place/1234' });
    const text = (await scrape(t)).body;
    expect(sample(text, 'kikstart_http_requests_total', labels)).toBe(before + 2);
    expect(sample(text, 'kikstart_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('/api/probe/metrics/first');
    // A URL no route knows is one label, so scanning random URLs cannot add series.
    expect(sample(text, 'kikstart_http_requests_total', { route: UNROUTED, status_class: '4xx' })).toBeGreaterThan(0);
    expect(text).not.toContain('/no/such/place');
    // The probe aliases count as the probes they are.
    await t.app.inject({ url: '/healthz' });
    expect(sample((await scrape(t)).body, 'kikstart_http_requests_total', { route: '/api/health' })).toBeGreaterThan(0);
  });

  it("reads the pool's state at scrape time and times its checkouts", async () => {
    for (const listener of acquireListeners) listener(0.02);
    const text = (await scrape(t)).body;
    expect(sample(text, 'kikstart_db_pool_connections')).toBe(4);
    expect(sample(text, 'kikstart_db_pool_idle_connections')).toBe(1);
    expect(sample(text, 'kikstart_db_pool_max_connections')).toBe(10);
    expect(sample(text, 'kikstart_db_pool_waiting')).toBe(2);
    expect(sample(text, 'kikstart_db_pool_acquire_seconds_count')).toBe(1);
    expect(sample(text, 'kikstart_db_pool_acquire_seconds_bucket', { le: '0.01' })).toBe(0);
    expect(sample(text, 'kikstart_db_pool_acquire_seconds_bucket', { le: '0.025' })).toBe(1);
  });

  it('reports the outbox: mails not sent, the age of the oldest, and those given up on', async () => {
    const before = (await scrape(t)).body;
    await t.db.execute(sql`
      insert into mail_outbox ("to", subject, text, html, template, status, created_at) values
        ('waiting@family.example', 'Waiting', 'text', '<p>html</p>', 'test', 'queued', now() - interval '10 minutes'),
        ('bounced@family.example', 'Bounced', 'text', '<p>html</p>', 'test', 'failed', now())`);
    const after = (await scrape(t)).body;
    expect(sample(after, 'kikstart_mail_outbox_depth')).toBe(sample(before, 'kikstart_mail_outbox_depth')! + 1);
    expect(sample(after, 'kikstart_mail_outbox_failed')).toBe(sample(before, 'kikstart_mail_outbox_failed')! + 1);
    expect(sample(after, 'kikstart_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
  });

  it("reports each watched job's seconds since its last good pass, and its interval", async () => {
    const now = Date.now();
    const job = (name: string, lastSuccessAt: number | undefined): PeriodicJob => ({
      status: () => ({ name, intervalMs: 60_000, startedAt: now - 300_000, lastSuccessAt }),
      stop: async () => {},
    });
    t.app.metrics.watchJobs([job('test sweep', now - 90_000), job('never ran', undefined)]);
    const text = (await scrape(t)).body;
    expect(sample(text, 'kikstart_job_seconds_since_success', { task: 'test sweep' })).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'kikstart_job_seconds_since_success', { task: 'test sweep' })).toBeLessThan(120);
    // Never succeeded: counted from its start.
    expect(sample(text, 'kikstart_job_seconds_since_success', { task: 'never ran' })).toBeGreaterThanOrEqual(300);
    expect(sample(text, 'kikstart_job_interval_seconds', { task: 'test sweep' })).toBe(60);
  });

  it('records the size of each enrollment batch', async () => {
    const before = sample((await scrape(t)).body, 'kikstart_enrollment_batch_size_count') ?? 0;
    const parent = await createUserWithSession(t);
    const [childA, childB] = [await addChild(t, parent.headers), await addChild(t, parent.headers)];
    const program = await createProgram(t);
    // Two requests in the same turn: one batch of two.
    const answers = await Promise.all([childA, childB].map((child) => enroll(t, parent.headers, child, program.id)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const text = (await scrape(t)).body;
    const batches = sample(text, 'kikstart_enrollment_batch_size_count')! - before;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(2);
    expect(sample(text, 'kikstart_enrollment_batch_size_sum')).toBeGreaterThanOrEqual(2);
  });
});
