import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, type DbHandle } from '@kikstart/db';
import { useTestApp } from '../../../test/test-app.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { queueMail } from './mail.service.ts';
import {
  createDevMailboxTransport,
  createMailTransport,
  type MailTransport,
  type OutgoingMail,
} from './mail.transport.ts';
import {
  MAIL_QUEUED_CHANNEL,
  MAX_ATTEMPTS,
  SAFETY_POLL_MS,
  drainOutbox,
  retryDelayMs,
  startMailWorker,
  type Ticker,
} from './mail.worker.ts';

const t = useTestApp();
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});

const noLog = { info() {}, warn() {}, error() {} };

/** A transport that records what it was asked to send, failing while `failing` is set. */
function fakeTransport() {
  const sent: OutgoingMail[] = [];
  const state = { failing: false, closed: false };
  const waiters: { count: number; done: () => void }[] = [];
  const transport: MailTransport = {
    kind: 'dev-mailbox',
    async send(mail) {
      if (state.failing) throw new Error('421 try again later');
      sent.push(mail);
      for (const w of waiters) if (sent.length >= w.count) w.done();
    },
    async close() {
      state.closed = true;
    },
  };
  /** Resolves once `count` mails were sent: the test waits on the event, not on a timer. */
  const sentCount = (count: number) =>
    new Promise<void>((done) => (sent.length >= count ? done() : waiters.push({ count, done })));
  return { sent, state, transport, sentCount };
}

const queue = (subject: string, to = 'sam@family.example') =>
  queueMail({
    db: t.db,
    to,
    template: 'test',
    content: { subject, paragraphs: ['Hello.'], action: { label: 'Open', url: 'http://localhost:3000/x' } },
  });
const row = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('mail transport choice', () => {
  it('a log reader learns no address, subject or secret link of a dev-mailbox mail', async () => {
    const lines: string[] = [];
    const log = { info: (...args: unknown[]) => lines.push(JSON.stringify(args)) };
    const transport = createMailTransport(t.config, log as never);
    expect(transport.kind).toBe('dev-mailbox');
    const id = await queue('Your code');
    expect(await drainOutbox({ db: t.db, transport })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(lines).toEqual([
      JSON.stringify([{ mailId: id }, 'mail stored in the dev mailbox (read it at /dev/mailbox)']),
    ]);
    for (const secret of ['sam@family.example', 'Your code', 'http://localhost:3000/x'])
      expect(lines.join('\n')).not.toContain(secret);
    expect((await row(id)).status).toBe('sent');
  });
});

describe('drainOutbox', () => {
  it.runIf(onPostgres)('sends every due mail once, even with two drains at once', async () => {
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await queue(`Mail ${i}`));
    const fake = fakeTransport();
    const [a, b] = await Promise.all([
      drainOutbox({ db: t.db, transport: fake.transport }),
      drainOutbox({ db: t.db, transport: fake.transport }),
    ]);
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
      await t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, id));
      const start = Date.now();
      expect(await drainOutbox({ db: t.db, transport: fake.transport, log: noLog })).toEqual({
        sent: 0,
        retried: 1,
        failed: 0,
      });
      const r = await row(id);
      expect(r).toMatchObject({ status: 'queued', attempts: attempt, lastError: '421 try again later' });
      const delay = r.nextAttemptAt.getTime() - start;
      expect(delay).toBeGreaterThanOrEqual(retryDelayMs(attempt - 1) - 1000);
      expect(delay).toBeLessThanOrEqual(retryDelayMs(attempt - 1) + 1000);
    }
    expect(retryDelayMs(0)).toBe(30_000);
    expect(retryDelayMs(3)).toBe(240_000);
    fake.state.failing = false;
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    await drainOutbox({ db: t.db, transport: fake.transport });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('a batch records its sent mails in one statement, and a failure among them on its own', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await queue(`Batch ${i}`, i === 2 ? 'bounce@family.example' : undefined));
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'dev-mailbox',
      async send(mail) {
        if (mail.to.startsWith('bounce')) throw new Error('550 no such mailbox');
        sent.push(mail.subject);
      },
      async close() {},
    };
    const statements = vi.spyOn(t.db._.session, 'prepareQuery');
    try {
      expect(await drainOutbox({ db: t.db, transport, log: noLog })).toEqual({ sent: 5, retried: 1, failed: 0 });
      // The claim, the failure's retry, the five sent in one, and the claim that finds nothing due.
      expect(statements).toHaveBeenCalledTimes(4);
    } finally {
      statements.mockRestore();
    }
    expect(sent).toEqual(['Batch 0', 'Batch 1', 'Batch 3', 'Batch 4', 'Batch 5']);
    for (const [i, id] of ids.entries()) {
      expect(await row(id)).toMatchObject(
        i === 2
          ? { status: 'queued', attempts: 1, lastError: '550 no such mailbox' }
          : { status: 'sent', attempts: 1, lastError: null },
      );
      if (i !== 2) expect((await row(id)).sentAt).not.toBeNull();
    }
  });

  it(`after ${MAX_ATTEMPTS} attempts a mail is failed, with its last error, and not tried again`, async () => {
    const id = await queue('Doomed');
    await t.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    const fake = fakeTransport();
    fake.state.failing = true;
    expect(await drainOutbox({ db: t.db, transport: fake.transport, log: noLog })).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '421 try again later' });
    fake.state.failing = false;
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    expect(await drainOutbox({ db: t.db, transport: fake.transport })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('a mail left "sending" by a crashed process is sent again once its lease runs out, not before', async () => {
    const id = await queue('Interrupted');
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', nextAttemptAt: sql`now() + interval '4 minutes'` })
      .where(eq(mailOutbox.id, id));
    const fake = fakeTransport();
    expect((await drainOutbox({ db: t.db, transport: fake.transport })).sent).toBe(0);
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect((await drainOutbox({ db: t.db, transport: fake.transport })).sent).toBe(1);
    expect((await row(id)).status).toBe('sent');
  });
});

/** The worker's safety poll, driven by the test: `tick()` is one poll, no timer runs. */
function manualTicker() {
  const state = { ms: 0, stopped: false, tick: () => {} };
  const ticker: Ticker = (ms, tick) => {
    Object.assign(state, { ms, tick });
    return () => {
      state.stopped = true;
    };
  };
  return { ticker, state };
}

/** `t.listen`, counting notifications and closes, with a quick reconnect. */
function observedListen() {
  const seen = { notified: 0, closed: 0, lost: 0 };
  let heard!: () => void;
  const firstNotify = new Promise<void>((done) => (heard = done));
  let lostIt!: () => void;
  const lost = new Promise<void>((done) => (lostIt = done));
  const listen: DbHandle['listen'] = async (channel, options) => {
    const listener = await t.listen(channel, {
      reconnectMs: 20,
      onNotify: () => {
        seen.notified++;
        heard();
        options.onNotify();
      },
      onError: (err) => {
        seen.lost++;
        lostIt();
        options.onError?.(err);
      },
    });
    return {
      async close() {
        seen.closed++;
        await listener.close();
      },
    };
  };
  return { listen, seen, firstNotify, lost };
}

/**
 * A worker on the test database with no logging and a manual poll, sending through `fake` (a new
 * fake transport unless given); without `listen` it has no LISTEN and only the poll wakes it.
 */
async function startTestWorker(opts: { listen?: DbHandle['listen']; fake?: ReturnType<typeof fakeTransport> } = {}) {
  const fake = opts.fake ?? fakeTransport();
  const poll = manualTicker();
  const worker = await startMailWorker({
    db: t.db,
    ...(opts.listen ? { listen: opts.listen } : {}),
    transport: fake.transport,
    log: noLog,
    ticker: poll.ticker,
  });
  return { worker, fake, poll };
}

describe('startMailWorker', () => {
  it('is woken by the NOTIFY of the transaction that queued the mail, when it commits, with no timer running', async () => {
    const { worker, fake } = await startTestWorker({ listen: t.listen });
    await worker.idle();
    // Timers frozen: a wake scheduled by setTimeout (the old 50 ms / 500 ms guesses) never fires.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      let id = '';
      await t.db.transaction(async (tx) => {
        id = await queueMail({
          db: tx as never,
          to: 'tx@family.example',
          template: 'test',
          content: { subject: 'In a transaction', paragraphs: ['x'] },
        });
        await queueMail({
          db: tx as never,
          to: 'tx@family.example',
          template: 'test',
          content: { subject: 'Second in it', paragraphs: ['x'] },
        });
      });
      await fake.sentCount(2);
      await worker.idle();
      expect((await row(id)).status).toBe('sent');
      expect(fake.sent.map((m) => m.subject)).toEqual(['In a transaction', 'Second in it']);
    } finally {
      vi.useRealTimers();
      await worker.stop();
    }
  });

  it('a rolled-back transaction notifies nobody and leaves no mail', async () => {
    const probe = observedListen();
    const listener = await probe.listen(MAIL_QUEUED_CHANNEL, { onNotify: () => {} });
    try {
      await t.db
        .transaction(async (tx) => {
          await queueMail({
            db: tx as never,
            to: 'undo@family.example',
            template: 'test',
            content: { subject: 'Never', paragraphs: ['x'] },
          });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      // A later commit's notification arrives; had the rolled-back one been sent, it would be first.
      await queue('Committed');
      await probe.firstNotify;
      expect(probe.seen.notified).toBe(1);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'undo@family.example'))).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  it('a worker in another API process (its own LISTEN) is woken too, and the mail is sent once', async () => {
    const fake = fakeTransport();
    const [a, b] = [observedListen(), observedListen()];
    const workers = await Promise.all(
      [a, b].map(async (l) => (await startTestWorker({ listen: l.listen, fake })).worker),
    );
    try {
      await Promise.all(workers.map((w) => w.idle()));
      const id = await queue('Shared');
      await Promise.all([a.firstNotify, b.firstNotify]);
      await fake.sentCount(1);
      await Promise.all(workers.map((w) => w.idle()));
      expect(fake.sent.map((m) => m.id)).toEqual([id]);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });

  it(`the safety poll (every ${SAFETY_POLL_MS / 1000} s) sends what no NOTIFY announced, such as a retry coming due`, async () => {
    const { worker, poll } = await startTestWorker();
    try {
      expect(poll.state.ms).toBe(SAFETY_POLL_MS);
      await worker.idle();
      const id = await queue('Due again');
      await worker.idle();
      expect((await row(id)).status).toBe('queued');
      poll.state.tick();
      await worker.idle();
      expect((await row(id)).status).toBe('sent');
    } finally {
      await worker.stop();
    }
  });

  it('stop closes the LISTEN, the poll and the transport; mail queued afterwards stays queued', async () => {
    const observed = observedListen();
    const { worker, fake, poll } = await startTestWorker({ listen: observed.listen });
    await worker.stop();
    expect({
      closed: observed.seen.closed,
      pollStopped: poll.state.stopped,
      transportClosed: fake.state.closed,
    }).toEqual({
      closed: 1,
      pollStopped: true,
      transportClosed: true,
    });
    const probe = observedListen();
    const listener = await probe.listen(MAIL_QUEUED_CHANNEL, { onNotify: () => {} });
    try {
      const later = await queue('After stop');
      await probe.firstNotify;
      worker.wake();
      poll.state.tick();
      await worker.idle();
      expect((await row(later)).status).toBe('queued');
      expect(fake.sent).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  it.runIf(onPostgres)(
    'a lost LISTEN connection reconnects and catches up on mail queued meanwhile (PostgreSQL only)',
    async () => {
      const observed = observedListen();
      const { worker, fake } = await startTestWorker({ listen: observed.listen });
      try {
        await worker.idle();
        // Queued without a notification, as if it had been sent while the connection was down.
        const [missed] = await t.db
          .insert(mailOutbox)
          .values({
            to: 'gap@family.example',
            template: 'test',
            subject: 'Missed',
            text: 'x',
            html: '<p>x</p>',
            links: [],
          })
          .returning({ id: mailOutbox.id });
        await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
        await observed.lost;
        await fake.sentCount(1);
        await worker.idle();
        expect((await row(missed!.id)).status).toBe('sent');
        // And the new connection hears the next commit.
        const next = await queue('After reconnect');
        await fake.sentCount(2);
        await worker.idle();
        expect((await row(next)).status).toBe('sent');
      } finally {
        await worker.stop();
      }
    },
  );

  it('the dev transport is what runs without SMTP', () => {
    expect(createDevMailboxTransport(noLog).kind).toBe('dev-mailbox');
  });
});
