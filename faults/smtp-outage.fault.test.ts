import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, waitUntilReady, type Api } from './lib/api.ts';
import { newsletterSignup, send } from './lib/load.ts';
import { Cluster } from './lib/postgres.ts';
import { freePort, scratchDir, sleep, waitFor } from './lib/paths.ts';
import { stopGroup } from './lib/processes.ts';
import { SmtpReceiver } from './lib/smtp-receiver.ts';

// The mail relay goes away (nothing listens), then answers but turns every session away (421),
// then works again: mail queued meanwhile waits in the outbox and is delivered once it is back,
// each message exactly once (none lost, none sent twice).

let cluster: Cluster;
let smtp: SmtpReceiver;
let api: Api;

beforeAll(async () => {
  cluster = new Cluster('smtp-outage', await freePort());
  await cluster.create();
  smtp = new SmtpReceiver(await freePort());
  await smtp.start();
  const dir = scratchDir('smtp-outage-api');
  api = startApi({
    port: await freePort(),
    dataDir: dir,
    logFile: join(dir, 'api.log'),
    env: { DATABASE_URL: cluster.url(), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOG_LEVEL: 'warn' },
  });
  await waitUntilReady(api);
});

afterAll(async () => {
  await stopGroup(api);
  await smtp?.stop();
  await cluster?.destroy();
});

type Row = { id: string; status: string; attempts: number; last_error: string | null };
const outbox = () => cluster.query<Row>('kikstart', 'select id, status, attempts, last_error from mail_outbox');

/**
 * The next retry is 30 s or more after a failure. Its time is moved to now and the worker woken
 * (the NOTIFY a newly queued mail sends): the retry itself, and what it sends, is the worker's own.
 */
async function hurryRetries() {
  await cluster.query('kikstart', `update mail_outbox set next_attempt_at = now() where status = 'queued'`);
  await cluster.query('kikstart', `select pg_notify('mail_queued', '')`);
}

/** Parents signing up for the newsletter: each sign-up queues one confirmation mail. */
async function signUps(tag: string, count: number) {
  for (let n = 0; n < count; n++) {
    const { kind, url, init, wrote } = newsletterSignup(tag, 0, n);
    const answer = await send(api.base, kind, url, init, wrote);
    expect(answer.status, `sign-up ${wrote}`).toBe(200);
  }
}

it('delivers every mail exactly once when the SMTP server is down and then up', async () => {
  await signUps('smtp-up', 3);
  await waitFor('the first mails to arrive', async () => smtp.received.length >= (await outbox()).length, 15_000);
  const sentBefore = smtp.received.length;

  await smtp.stop();
  await signUps('smtp-down', 6);
  // Each mail is tried while the relay is down and queued again for a later attempt.
  await waitFor(
    'the worker to try the mails queued while SMTP is down',
    async () => (await outbox()).filter((r) => r.status === 'queued' && r.attempts >= 1).length >= 6,
    20_000,
  );
  const triedWhileDown = (await outbox()).filter((r) => r.status === 'queued' && r.attempts >= 1).length;

  // Up again but refusing: the same mails fail once more, and new ones wait with them.
  smtp.refusing = true;
  await smtp.start();
  await signUps('smtp-refusing', 2);
  await hurryRetries();
  const refused = async () => (await outbox()).filter((r) => r.status === 'queued' && /421/.test(r.last_error ?? ''));
  await waitFor(
    'the worker to try every waiting mail against the refusing server',
    async () => (await refused()).length >= 8,
    20_000,
  );
  const triedWhileRefusing = (await refused()).length;
  const receivedWhileDown = smtp.received.length - sentBefore;

  smtp.refusing = false;
  await hurryRetries();
  await waitFor('every mail to be sent', async () => (await outbox()).every((r) => r.status === 'sent'), 20_000);
  await sleep(1_000); // a duplicate would arrive now, if one were coming

  const rows = await outbox();
  const expected = rows.map((r) => `<${r.id}@kikstart.mail>`);
  const times = new Map<string, number>();
  for (const id of smtp.received) times.set(id, (times.get(id) ?? 0) + 1);
  const lost = expected.filter((id) => !times.has(id));
  const twice = [...times].filter(([, n]) => n > 1).map(([id]) => id);
  const unknown = [...times.keys()].filter((id) => !expected.includes(id));
  console.log(
    `fault: SMTP down then up: ${rows.length} mails, ${triedWhileDown} tried while down, ${triedWhileRefusing} while it refused (421), ` +
      `${receivedWhileDown} arrived meanwhile, ` +
      `${times.size} delivered, ${twice.length} twice, ${lost.length} lost`,
  );

  expect(api.running()).toBe(true);
  expect(receivedWhileDown).toBe(0);
  expect(triedWhileDown).toBe(6);
  expect(triedWhileRefusing).toBe(8);
  expect(lost).toEqual([]);
  expect(twice).toEqual([]);
  expect(unknown).toEqual([]);
  expect(smtp.received.length).toBe(rows.length);
});
