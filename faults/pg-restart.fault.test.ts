import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, waitUntilReady, type Api } from './lib/api.ts';
import { mixedStep, newsletterSignup, send, startLoad, tally } from './lib/load.ts';
import { Cluster } from './lib/postgres.ts';
import { freePort, scratchDir, seconds, sleep } from './lib/paths.ts';
import { stopGroup } from './lib/processes.ts';

// PostgreSQL restarted under load (a failover, a maintenance restart): the API must stay up,
// answer 503 envelopes while the database is away, recover by itself, and lose nothing it acknowledged.

const DOWN_MS = 4_000;
let cluster: Cluster;
let api: Api;

beforeAll(async () => {
  cluster = new Cluster('pg-restart', await freePort());
  await cluster.create();
  const dir = scratchDir('pg-restart-api');
  api = startApi({
    port: await freePort(),
    dataDir: dir,
    logFile: join(dir, 'api.log'),
    env: { DATABASE_URL: cluster.url(), LOG_LEVEL: 'warn' },
  });
  await waitUntilReady(api);
});

afterAll(async () => {
  await stopGroup(api);
  await cluster?.destroy();
});

it('keeps answering through a PostgreSQL restart and loses no acknowledged write', async () => {
  const load = startLoad(api.base, 3, mixedStep('restart'));
  await sleep(2_000);

  // A rush of sign-ups around the stop, so connections are busy when the server ends them (an
  // idle pool losing idle connections is the easy case). Its outcomes are checked like the rest.
  const rush = startLoad(api.base, 8, (client, n) => newsletterSignup('restart', 10 + client, n), 5);
  await sleep(300);
  const stoppingAt = Date.now();
  await cluster.stopFast();
  await sleep(300);
  const rushed = await rush.stop();
  await sleep(DOWN_MS - 300);
  await cluster.start();
  const backAt = Date.now();

  // Back = the first acknowledged write after the database is: a read might come from a cache.
  let recoveredAt: number | undefined;
  while (!recoveredAt && Date.now() - backAt < 15_000) {
    await sleep(50);
    recoveredAt = load.outcomes.find((o) => o.kind === 'write' && o.status === 200 && o.startedAt >= backAt)?.endedAt;
  }
  await sleep(1_500);
  const outcomes = [...(await load.stop()), ...rushed];

  const acked = outcomes.filter((o) => o.kind === 'write' && o.status === 200).map((o) => o.wrote!);
  const stored = await cluster.query<{ email: string }>(
    'kikstart',
    'select email from newsletter_subscribers where email = any($1)',
    [acked],
  );
  const storedSet = new Set(stored.map((r) => r.email));
  const missing = acked.filter((email) => !storedSet.has(email));
  // The subscriber and its confirmation mail are one transaction: never one without the other.
  const withoutMail = await cluster.query<{ email: string }>(
    'kikstart',
    `select s.email from newsletter_subscribers s
     where s.email like 'restart-%' and not exists (select 1 from mail_outbox m where lower(m."to") = lower(s.email))`,
  );
  const unavailable = outcomes.filter((o) => o.status === 503);
  const recovery = recoveredAt ? recoveredAt - backAt : Number.POSITIVE_INFINITY;
  console.log(
    `fault: pg restart under load: ${outcomes.length} requests, ${unavailable.length} answered 503 while down, ` +
      `back ${(recovery / 1000).toFixed(2)} s after the database (down ${seconds(backAt - stoppingAt)}), ` +
      `${missing.length} acknowledged writes missing of ${acked.length}; outcomes ${JSON.stringify(tally(outcomes))}`,
  );

  expect(api.running(), 'the API process is still running').toBe(true);
  // Every answer is a 2xx or a 503 envelope with its code; no 500, no dropped connection.
  expect(outcomes.filter((o) => o.error)).toEqual([]);
  expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
  expect(unavailable.filter((o) => o.code !== 'SERVICE_UNAVAILABLE')).toEqual([]);
  expect(unavailable.length).toBeGreaterThan(0);
  // 503 only while the database was away (a request that began just before the stop may end in it).
  expect(unavailable.filter((o) => o.endedAt < stoppingAt || o.startedAt > backAt + 5_000)).toEqual([]);
  expect(recovery).toBeLessThanOrEqual(5_000);
  expect(missing).toEqual([]);
  expect(withoutMail).toEqual([]);
  // And it is ready again, by its own probe.
  expect((await send(api.base, 'probe', '/api/ready')).status).toBe(200);
});
