import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { checkChannel, type Listener, type ListenOptions } from './listen.ts';

/**
 * An on-disk PGlite in a thread of its own (pglite-thread-worker.mjs), reached with node-postgres
 * over PostgreSQL's wire protocol. In the API's own thread PGlite was 82% of that thread in the
 * registration-day rush (its WebAssembly, its file calls and turning results into rows), so
 * requests, pages and the database queued behind each other on one core while the second sat
 * idle. Here the database has its own thread, and the API talks to it exactly as it talks to a
 * PostgreSQL server: the same driver, named statements and transactions (decision 0028).
 *
 * PGlite has one session, so the pool has one connection: a transaction holds it, as it held
 * PGlite's own lock before. Code inside a transaction never reaches for the pool (that would
 * have deadlocked on PGlite's lock just the same).
 */
export interface PgliteThread {
  pool: pg.Pool;
  /**
   * LISTEN in PGlite's one session: it is issued on the pool's connection, and a NOTIFY comes
   * back on that connection with the reply to the statement that committed it.
   */
  listen(channel: string, options: ListenOptions): Promise<Listener>;
  /** Closes the pool, then PGlite (its files flushed), then the thread. */
  close(): Promise<void>;
}

interface WorkerMessage {
  type: 'ready' | 'failed' | 'data' | 'fatal' | 'closed';
  message?: string;
  /** The connection a reply answers. */
  conn?: number;
  bytes?: Uint8Array;
}

export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), { workerData: { dataDir } });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: WorkerMessage) => {
      if (msg.type !== 'ready' && msg.type !== 'failed') return;
      worker.off('error', reject);
      worker.off('message', onMessage);
      if (msg.type === 'ready') resolve();
      else reject(new Error(`PGlite could not open ${dataDir}: ${msg.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

  /** The connection the pool has now (one at a time). */
  let socket: WorkerSocket | null = null;
  let lastId = 0;
  worker.on('message', (msg: WorkerMessage) => {
    // The thread transfers each reply's buffer: it becomes a Buffer without a copy. A reply to a
    // connection that has since closed is dropped, never handed to the next one.
    if (msg.type === 'data' && socket && !socket.destroyed && msg.conn === socket.id)
      socket.push(Buffer.from(msg.bytes!.buffer, msg.bytes!.byteOffset, msg.bytes!.byteLength));
    else if (msg.type === 'fatal') socket?.destroy(new Error(`PGlite failed: ${msg.message}`));
  });
  worker.on('error', (err) => socket?.destroy(err));

  const pool = new pg.Pool({
    max: 1,
    // The one connection stays open for the process's life: PGlite's session is not closed by idling.
    idleTimeoutMillis: 0,
    // PGlite's own names, for the startup message (it has one database and one user).
    user: 'postgres',
    database: 'template1',
    stream: () => {
      socket?.destroy();
      socket = new WorkerSocket(worker, ++lastId);
      return socket;
    },
  });

  const listeners = new Map<string, Set<ListenOptions>>();
  pool.on('connect', (client) =>
    client.on('notification', (msg) => {
      for (const options of listeners.get(msg.channel) ?? []) options.onNotify(msg.payload);
    }),
  );

  return {
    pool,
    async listen(channel, options) {
      checkChannel(channel);
      const mine = { ...options };
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(mine);
      if (set.size === 1) await pool.query(`listen ${channel}`);
      return {
        async close() {
          set.delete(mine);
          if (!set.size && listeners.get(channel) === set) {
            listeners.delete(channel);
            // At shutdown the pool may be gone already; the session goes with it.
            await pool.query(`unlisten ${channel}`).catch(() => undefined);
          }
        },
      };
    },
    async close() {
      await pool.end();
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (msg: WorkerMessage) => msg.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
    },
  };
}

/**
 * What node-postgres takes for a socket: bytes written go to the database thread, its replies
 * are pushed back. `connect` tells the thread a new connection starts (fresh session state).
 */
class WorkerSocket extends Duplex {
  private worker: Worker;
  readonly id: number;
  constructor(worker: Worker, id: number) {
    super();
    this.worker = worker;
    this.id = id;
  }

  connect() {
    this.worker.postMessage({ type: 'connect', conn: this.id });
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay() {
    return this;
  }

  setKeepAlive() {
    return this;
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void) {
    this.send([chunk]);
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void) {
    this.send(chunks.map((c) => c.chunk));
    done();
  }

  /**
   * Posts the bytes in a buffer of their own, transferred. node-postgres writes small Buffers cut
   * from Node's shared 8 KB pool, and posting one as it is would copy the whole pool each time.
   */
  private send(chunks: Buffer[]) {
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    this.worker.postMessage({ type: 'data', bytes }, [bytes.buffer]);
  }

  override _read() {}

  override _final(done: (err?: Error | null) => void) {
    this.push(null);
    done();
  }
}
