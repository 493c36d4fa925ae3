import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import type { MailTransport, OutgoingMail } from './mail.transport.ts';

/** Retries wait 30 s × 2^attempts (30 s, 1 min, 2 min … ~32 min); after 8 attempts the mail is failed. */
export const RETRY_BASE_MS = 30_000;
export const MAX_ATTEMPTS = 8;
/**
 * A claimed row is 'sending' with next_attempt_at pushed this far ahead: a lease. If the process
 * dies mid-send, the row becomes due again when the lease runs out, so nothing is lost.
 */
export const SEND_LEASE_MS = 5 * 60_000;
export const POLL_INTERVAL_MS = 2_000;
const BATCH_SIZE = 20;

export const retryDelayMs = (attemptsSoFar: number) => RETRY_BASE_MS * 2 ** attemptsSoFar;

/** In-process "mail was queued" signal, so the worker sends at once instead of at the next poll. */
const mailEvents = new EventEmitter();
mailEvents.setMaxListeners(50);
/**
 * The row may still be inside an uncommitted transaction when queueMail returns, so the worker
 * is woken a moment later and once more after that (a request's transaction is normally done
 * by then); the regular poll catches anything slower.
 */
const WAKE_DELAYS_MS = [50, 500] as const;
const pendingWakes = new Set<number>();

/** Called by queueMail: the worker in this process (if any) sends soon, without waiting for the poll. */
export function notifyMailQueued() {
  if (!mailEvents.listenerCount('queued')) return;
  for (const delay of WAKE_DELAYS_MS) {
    if (pendingWakes.has(delay)) continue;
    pendingWakes.add(delay);
    setTimeout(() => {
      pendingWakes.delete(delay);
      mailEvents.emit('queued');
    }, delay).unref();
  }
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

interface ClaimedRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attempts: number;
}

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
    for (const row of claimed) {
      const mail: OutgoingMail = { id: row.id, to: row.to, subject: row.subject, text: row.text, html: row.html, links: row.links ?? [] };
      try {
        await transport.send(mail);
        await db.execute(sql`
          update mail_outbox set status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = null
          where id = ${row.id}`);
        result.sent++;
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
  }
  return result;
}

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

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'unknown error';

export interface MailWorker {
  /** Drains now (coalesced with a drain already running). */
  wake(): void;
  /** Stops polling and waits for the current drain to finish; closes the transport. */
  stop(): Promise<void>;
}

/** Polls the outbox every POLL_INTERVAL_MS and whenever queueMail signals; one drain at a time. */
export function startMailWorker(opts: {
  db: Db;
  transport: MailTransport;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  intervalMs?: number;
}): MailWorker {
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
          // The database may be briefly unavailable; the next poll tries again.
          opts.log.error({ err }, 'mail worker could not drain the outbox');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const timer = setInterval(run, opts.intervalMs ?? POLL_INTERVAL_MS);
  timer.unref();
  mailEvents.on('queued', run);
  run();

  return {
    wake: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      mailEvents.off('queued', run);
      await running;
      await opts.transport.close();
    },
  };
}
