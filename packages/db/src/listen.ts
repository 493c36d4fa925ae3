import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A LISTEN subscription; `close()` stops it (and ends its connection on PostgreSQL). */
export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /**
   * Called for each NOTIFY on the channel with its payload, and once with no payload after a lost
   * connection is back (whatever was notified meanwhile was missed: catch up).
   */
  onNotify: (payload?: string) => void;
  /** A lost PostgreSQL connection (it is reconnected; notifications in between are missed). */
  onError?: (err: unknown) => void;
  /** Wait before reconnecting a lost PostgreSQL connection. */
  reconnectMs?: number;
}

/**
 * Channel names are identifiers in LISTEN but strings in pg_notify(); keeping them to lower-case
 * letters, digits and underscores makes both spellings the same name.
 */
export function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

/**
 * PostgreSQL delivers a NOTIFY when its transaction commits (never for a rollback), to every
 * connection listening, so API processes learn of each other's writes. The listening
 * connection is a client of its own, outside the query pool: LISTEN belongs to one session.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  options: ListenOptions,
): Promise<Listener> {
  checkChannel(channel);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (msg) => {
      if (msg.channel === channel) options.onNotify(msg.payload);
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next, new Error('listen connection ended')));
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
  };

  const lost = (which: pg.Client, err: unknown) => {
    if (closed || client !== which) return;
    client = null;
    which.removeAllListeners();
    which.on('error', () => undefined);
    which.end().catch(() => undefined);
    options.onError?.(err);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().then(
        // Whatever was notified while the connection was down is found by this catch-up call.
        () => (closed ? client?.end().catch(() => undefined) : options.onNotify()),
        (err: unknown) => {
          if (closed) return;
          options.onError?.(err);
          scheduleReconnect();
        },
      );
    }, options.reconnectMs ?? 1000);
    retry.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      if (!current) return;
      current.removeAllListeners();
      current.on('error', () => undefined);
      await current.end().catch(() => undefined);
    },
  };
}

/** PGlite delivers NOTIFY on commit as PostgreSQL does, within its one process. */
export async function listenOnPglite(client: PGlite, channel: string, options: ListenOptions): Promise<Listener> {
  checkChannel(channel);
  const unsubscribe = await client.listen(channel, (payload) => options.onNotify(payload));
  return { close: () => unsubscribe() };
}
