import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { answers200, countLines, startApi, waitUntilReady, type Api } from './lib/api.ts';
import { Cluster } from './lib/postgres.ts';
import { freePort, scratchDir, seconds, sleep, waitFor } from './lib/paths.ts';
import { stopGroup } from './lib/processes.ts';

// The API started before its database (a reboot, a compose file starting both at once): it must
// wait, say so in the log, and start by itself once PostgreSQL is up.

const DOWN_MS = 3_000;
let cluster: Cluster | undefined;
let api: Api | undefined;

afterAll(async () => {
  await stopGroup(api);
  await cluster?.destroy();
});

it('waits for PostgreSQL at start and starts once it is up', async () => {
  cluster = new Cluster('pg-down-at-start', await freePort());
  await cluster.create();
  await cluster.stopFast();

  const dir = scratchDir('pg-down-at-start-api');
  const startedAt = Date.now();
  api = startApi({
    port: await freePort(),
    dataDir: dir,
    logFile: join(dir, 'api.log'),
    env: { DATABASE_URL: cluster.url(), LOG_LEVEL: 'warn' },
  });
  const waiting = /Waiting for the database/;
  await waitFor('the log to say it waits for the database', () => waiting.test(api!.output()), 30_000);
  await sleep(DOWN_MS);
  const listeningEarly = await answers200(api.base, '/api/health');
  const aliveWhileDown = api.running();

  await cluster.start();
  const backAt = Date.now();
  await waitUntilReady(api, 30_000);
  const readyAfter = Date.now() - backAt;
  const waitLines = countLines(api.output(), waiting);
  console.log(
    `fault: pg down at start: waited ${seconds(backAt - startedAt)} (${waitLines} waiting lines in the log), ` +
      `ready ${seconds(readyAfter)} after the database`,
  );

  expect(aliveWhileDown, 'the API keeps waiting instead of exiting').toBe(true);
  // It does not pretend to be up before it has its database.
  expect(listeningEarly).toBe(false);
  expect(waitLines).toBeGreaterThanOrEqual(2);
  // The back-off is at most 8 s between attempts; the migrations and seed follow.
  expect(readyAfter).toBeLessThan(15_000);
});
