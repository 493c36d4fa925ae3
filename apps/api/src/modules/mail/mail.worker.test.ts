import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '@kikstart/db';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { queueMail } from './mail.service.ts';
import { createDevMailboxTransport, createMailTransport, type MailTransport, type OutgoingMail } from './mail.transport.ts';
import { MAX_ATTEMPTS, drainOutbox, retryDelayMs, startMailWorker } from './mail.worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});

const noLog = { info() {}, warn() {}, error() {} };

/** A transport that records what it was asked to send, failing while `failing` is set. */
function fakeTransport() {
  const sent: OutgoingMail[] = [];
  const state = { failing: false };
  const transport: MailTransport = {
    kind: 'dev-mailbox',
    async send(mail) {
      if (state.failing) throw new Error('421 try again later');
      sent.push(mail);
    },
    async close() {},
  };
  return { sent, state, transport };
}

const queue = (subject: string, to = 'sam@family.example') =>
  queueMail({ db: t.db, to, template: 'test', content: { subject, paragraphs: ['Hello.'], action: { label: 'Open', url: 'http://localhost:3000/x' } } });
const row = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('mail transport choice', () => {
  it('without SMTP_URL the dev mailbox transport logs "mail to <to>: <subject> <links>" and succeeds', async () => {
    const lines: string[] = [];
    const transport = createMailTransport(t.config, { info: (msg: string) => lines.push(msg) } as never);
    expect(transport.kind).toBe('dev-mailbox');
    const id = await queue('Your code');
    expect(await drainOutbox({ db: t.db, transport })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(lines).toEqual(['mail to sam@family.example: Your code http://localhost:3000/x']);
    expect((await row(id)).status).toBe('sent');
  });
});

describe('drainOutbox', () => {
  it.runIf(onPostgres)('sends every due mail once, even with two drains at once', async () => {
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await queue(`Mail ${i}`));
    const fake = fakeTransport();
    const [a, b] = await Promise.all([drainOutbox({ db: t.db, transport: fake.transport }), drainOutbox({ db: t.db, transport: fake.transport })]);
    expect(a.sent + b.sent).toBe(30);
    expect(new Set(fake.sent.map((m) => m.id)).size).toBe(30);
    for (const id of ids) expect((await row(id)).status).toBe('sent');
  });

  // Two drains at once interleave their batches, so order is a promise of one drain only.
  it('one drain sends the oldest mail first', async () => {
    for (let i = 0; i < 5; i++) await queue(`Ordered ${i}`);
    const fake = fakeTransport();
    await drainOutbox({ db: t.db, transport: fake.transport });
    expect(fake.sent.map((m) => m.subject)).toEqual(['Ordered 0', 'Ordered 1', 'Ordered 2', 'Ordered 3', 'Ordered 4']);
  });

  it('a failure schedules a retry with exponential backoff and keeps the error', async () => {
    const id = await queue('Retry me');
    const fake = fakeTransport();
    fake.state.failing = true;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
      const start = Date.now();
      expect(await drainOutbox({ db: t.db, transport: fake.transport, log: noLog })).toEqual({ sent: 0, retried: 1, failed: 0 });
      const r = await row(id);
      expect(r).toMatchObject({ status: 'queued', attempts: attempt, lastError: '421 try again later' });
      const delay = r.nextAttemptAt.getTime() - start;
      expect(delay).toBeGreaterThanOrEqual(retryDelayMs(attempt - 1) - 1000);
      expect(delay).toBeLessThanOrEqual(retryDelayMs(attempt - 1) + 1000);
    }
    expect(retryDelayMs(0)).toBe(30_000);
    expect(retryDelayMs(3)).toBe(240_000);
    fake.state.failing = false;
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
    await drainOutbox({ db: t.db, transport: fake.transport });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it(`after ${MAX_ATTEMPTS} attempts a mail is failed, with its last error, and not tried again`, async () => {
    const id = await queue('Doomed');
    await t.db.update(mailOutbox).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(mailOutbox.id, id));
    const fake = fakeTransport();
    fake.state.failing = true;
    expect(await drainOutbox({ db: t.db, transport: fake.transport, log: noLog })).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '421 try again later' });
    fake.state.failing = false;
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
    expect(await drainOutbox({ db: t.db, transport: fake.transport })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('a mail left "sending" by a crashed process is sent again once its lease runs out, not before', async () => {
    const id = await queue('Interrupted');
    await t.db.update(mailOutbox).set({ status: 'sending', nextAttemptAt: sql`now() + interval '4 minutes'` }).where(eq(mailOutbox.id, id));
    const fake = fakeTransport();
    expect((await drainOutbox({ db: t.db, transport: fake.transport })).sent).toBe(0);
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
    expect((await drainOutbox({ db: t.db, transport: fake.transport })).sent).toBe(1);
    expect((await row(id)).status).toBe('sent');
  });
});

describe('startMailWorker', () => {
  it('wakes right after queueMail (no waiting for the poll) and stops cleanly', async () => {
    const fake = fakeTransport();
    const worker = startMailWorker({ db: t.db, transport: fake.transport, log: noLog, intervalMs: 60_000 });
    try {
      const id = await queue('Instant');
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && (await row(id)).status !== 'sent') await new Promise((r) => setTimeout(r, 25));
      expect((await row(id)).status).toBe('sent');
    } finally {
      await worker.stop();
    }
    // Stopped: a new mail stays queued.
    const later = await queue('After stop');
    await new Promise((r) => setTimeout(r, 150));
    expect((await row(later)).status).toBe('queued');
  });

  it('sends mail queued inside a transaction once it commits', async () => {
    const fake = fakeTransport();
    const worker = startMailWorker({ db: t.db, transport: fake.transport, log: noLog, intervalMs: 60_000 });
    try {
      let id = '';
      await t.db.transaction(async (tx) => {
        id = await queueMail({ db: tx as never, to: 'tx@family.example', template: 'test', content: { subject: 'In a transaction', paragraphs: ['x'] } });
        await new Promise((r) => setTimeout(r, 100));
      });
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && (await row(id)).status !== 'sent') await new Promise((r) => setTimeout(r, 25));
      expect((await row(id)).status).toBe('sent');
    } finally {
      await worker.stop();
    }
  });

  it('the dev transport is what runs without SMTP', () => {
    expect(createDevMailboxTransport(noLog).kind).toBe('dev-mailbox');
  });
});
