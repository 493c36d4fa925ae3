import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbHandle } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import type { MailTransport, OutgoingMail } from './mail.transport.ts';

/** Retries wait 30 s × 2^attempts (30 s, 1 min, 2 min … ~32 min); after 8 attempts the mail is failed. */
export const RETRY_BASE_MS = 30_000;
export const MAX_ATTEMPTS = 8;
/**
 * A claimed row is 'sending' with next_attempt_at pushed this far ahead: a lease. If the process
 * dies mid-send, the row becomes due again when the lease runs out, so nothing is lost.
 */
export const SEND_LEASE_MS = 5 * 60_000;
/**
 * The worker is woken by NOTIFY when a transaction that queued mail commits (in any API process);
 * this slow poll only picks up retries coming due and anything queued while a listening
 * connection was down.
 */
export const SAFETY_POLL_MS = 30_000;
/** The NOTIFY channel queueMail signals on. */
export const MAIL_QUEUED_CHANNEL = 'mail_queued';
/**
 * Mails claimed per statement. A registration day queues a mail per waitlisted family; claiming
 * 20 at a time made 100 statements (claims and marks) per thousand mails on the database the
 * enrollments wait for, 100 at a time makes 20. A claim's lease (SEND_LEASE_MS) is long enough
 * for a hundred SMTP sends.
 */
const BATCH_SIZE = 100;

export const retryDelayMs = (attemptsSoFar: number) => RETRY_BASE_MS * 2 ** attemptsSoFar;

/**
 * Tells every listening mail worker that mail was queued. Inside a transaction PostgreSQL (and
 * PGlite) hold the notification until COMMIT and drop it on ROLLBACK, so no worker wakes before
 * the row is visible, and none wakes for a mail that never existed.
 */
export async function notifyMailQueued(db: Db) {
  await db.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
}

export interface DrainOptions {
  db: Db;
  transport: MailTransport;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Stop after this many batches (a guard against a loop that never empties). */
  maxBatches?: number;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

type ClaimedRow = OutgoingMail & { attempts: number };

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED (several API processes never claim the same
 * row), sends each, and records the outcome: sent, or queued again with backoff, or failed
 * after MAX_ATTEMPTS. Returns when nothing is due. Tests call this directly.
 */
export async function drainOutbox({ db, transport, log, maxBatches = 50 }: DrainOptions): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDue(db);
    if (!claimed.length) break;
    const sent: string[] = [];
    for (const row of claimed) {
      const mail: OutgoingMail = {
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        links: row.links ?? [],
      };
      try {
        await transport.send(mail);
        sent.push(row.id);
      } catch (err) {
        const attempts = row.attempts + 1;
        const message = errorText(err);
        if (attempts >= MAX_ATTEMPTS) {
          await db.execute(sql`
            update mail_outbox set status = 'failed', attempts = ${attempts}, last_error = ${message}
            where id = ${row.id}`);
          result.failed++;
          log?.error({ mailId: row.id, attempts, err: message }, 'mail failed for good');
        } else {
          // The outbox runs on the database's clock (rows are queued with its now()), so the
          // backoff is computed there too.
          await db.execute(sql`
            update mail_outbox set status = 'queued', attempts = ${attempts}, last_error = ${message},
              next_attempt_at = now() + ${`${retryDelayMs(row.attempts)} milliseconds`}::interval
            where id = ${row.id}`);
          result.retried++;
          log?.warn({ mailId: row.id, attempts, err: message }, 'mail not sent; will retry');
        }
      }
    }
    // The batch's sent mails are recorded in one statement, not one each: on registration day
    // a thousand mails were a thousand statements on the database the enrollments wait for.
    // If the process dies before this, those mails stay claimed and go again when their lease
    // ends, as a mail sent just before a crash always did (the message id is the same).
    if (sent.length) {
      await markSent(db, { ids: sent });
      result.sent += sent.length;
    }
  }
  return result;
}

const markSent = fixedQuery(
  (_db, p: Placeholders<{ ids: string[] }>) => sql`
  update mail_outbox set status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = null
  where id = any(${p.ids}::uuid[])`,
);

async function claimDue(db: Db): Promise<ClaimedRow[]> {
  // RETURNING keeps no order, and clocks tie (one transaction's mails share now()), so the
  // oldest-first order comes from the queue's sequence, in SQL.
  const res = await db.execute(sql`
    with claimed as (
      update mail_outbox set status = 'sending',
        next_attempt_at = now() + ${`${SEND_LEASE_MS} milliseconds`}::interval
      where id in (
        select id from mail_outbox
        where status in ('queued', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, seq
        limit ${BATCH_SIZE}
        for update skip locked
      )
      returning id, "to", subject, text, html, links, attempts, seq
    )
    select id, "to", subject, text, html, links, attempts from claimed order by seq`);
  return (res as unknown as { rows: ClaimedRow[] }).rows;
}

/** The outbox's backlog, for the metrics. */
export interface OutboxBacklog {
  /** Mails not sent yet: queued, waiting for a retry, or being sent. */
  unsent: number;
  /** Seconds since the oldest of them was queued (0 when none), on the database's clock. */
  oldestUnsentSeconds: number;
  /** Mails given up on after MAX_ATTEMPTS. */
  failed: number;
}

/** One statement on the status index; the sent mails, nearly all of the table, are not read. */
export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const res = await db.execute(sql`
    select count(*) filter (where status <> 'failed')::int as "unsent",
      coalesce(extract(epoch from now() - min(created_at) filter (where status <> 'failed')), 0)::float8
        as "oldestUnsentSeconds",
      count(*) filter (where status = 'failed')::int as "failed"
    from mail_outbox
    where status in ('queued', 'sending', 'failed')`);
  const row = (res as unknown as { rows: OutboxBacklog[] }).rows[0];
  return row ?? { unsent: 0, oldestUnsentSeconds: 0, failed: 0 };
}

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'unknown error';

/** Calls `tick` every `ms` until the returned function is called (tests pass a manual ticker). */
export type Ticker = (ms: number, tick: () => void) => () => void;

const intervalTicker: Ticker = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface MailWorker {
  /** Drains now (coalesced with a drain already running). */
  wake(): void;
  /** Resolves when no drain is running or asked for (tests: after a wake or a tick). */
  idle(): Promise<void>;
  /** Stops listening and polling, waits for the current drain to finish; closes the transport. */
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The database handle's LISTEN (`DbHandle.listen`); without it only the safety poll wakes the worker. */
  listen?: DbHandle['listen'];
  pollMs?: number;
  ticker?: Ticker;
}

/**
 * Drains the outbox when queueMail's NOTIFY arrives (after commit), every SAFETY_POLL_MS, and
 * once at start; one drain at a time. Resolves once it is listening.
 */
export async function startMailWorker(opts: MailWorkerOptions): Promise<MailWorker> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOutbox(opts);
        } catch (err) {
          // The database may be briefly unavailable; the next wake or poll tries again.
          opts.log.error({ err }, 'mail worker could not drain the outbox');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const listener = await opts.listen?.(MAIL_QUEUED_CHANNEL, {
    onNotify: run,
    onError: (err) => opts.log.warn({ err }, 'mail worker lost its LISTEN connection; reconnecting'),
  });
  const stopPolling = (opts.ticker ?? intervalTicker)(opts.pollMs ?? SAFETY_POLL_MS, run);
  run();

  return {
    wake: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      stopPolling();
      await listener?.close();
      await running;
      await opts.transport.close();
    },
  };
}
