// The embedded database's own thread (started by pglite-thread.ts). It opens PGlite on the data
// folder and speaks PostgreSQL's wire protocol with the API thread: bytes in, bytes out, one
// connection at a time. PGlite parses nothing here (no rows become objects on this side), and
// the API thread never waits for PostgreSQL's WebAssembly, so the two share the machine's cores.
// Plain JavaScript so it starts in any runtime the API runs in (tsx, Vitest), with no loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST_CODE = 80877103;
/** Terminate ('X'): the connection ends; the database does not. */
const TERMINATE = 0x58;

const db = new PGlite(workerData.dataDir);
/** Bytes received that do not yet make a whole message. */
let pending = Buffer.alloc(0);
/** A new connection starts with its startup message (no type byte). */
let awaitingStartup = true;
/** Messages run one after another, in the order they came. */
let queue = Promise.resolve();
/** The connection now open; replies name the connection they answer, so a closed one's are dropped. */
let connection = 0;

try {
  await db.waitReady;
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
}

parentPort.on('message', (msg) => {
  switch (msg.type) {
    case 'connect':
      connection = msg.conn;
      pending = Buffer.alloc(0);
      awaitingStartup = true;
      enqueue(resetSession);
      break;
    case 'data': {
      // The API thread transfers a buffer of its own: no copy.
      const bytes = Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength);
      pending = pending.length ? Buffer.concat([pending, bytes]) : bytes;
      const messages = takeMessages();
      const conn = connection;
      if (messages.length) enqueue(() => run(conn, messages));
      break;
    }
    case 'close':
      enqueue(async () => {
        await db.close();
        parentPort.postMessage({ type: 'closed' });
        parentPort.close();
      });
      break;
  }
});

function enqueue(step) {
  queue = queue.then(step).catch((err) => {
    // PGlite itself failed (a statement's error comes back as an ErrorResponse, not here).
    parentPort.postMessage({ type: 'fatal', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  });
}

/**
 * A connection that went away may have left its transaction open and its named statements
 * prepared in the one session PGlite has; the next connection starts clean.
 */
async function resetSession() {
  if (db.isInTransaction()) await db.exec('rollback');
  await db.exec('deallocate all');
}

/** Splits the whole messages off the front of `pending`. */
function takeMessages() {
  const messages = [];
  for (;;) {
    if (awaitingStartup) {
      if (pending.length < 8) break;
      const length = pending.readInt32BE(0);
      if (pending.length < length) break;
      const kind = length === 8 && pending.readInt32BE(4) === SSL_REQUEST_CODE ? 'ssl' : 'startup';
      messages.push({ kind, bytes: pending.subarray(0, length) });
      pending = pending.subarray(length);
      if (kind === 'startup') awaitingStartup = false;
      continue;
    }
    if (pending.length < 5) break;
    const length = 1 + pending.readInt32BE(1);
    if (pending.length < length) break;
    messages.push({ kind: pending[0] === TERMINATE ? 'terminate' : 'message', bytes: pending.subarray(0, length) });
    pending = pending.subarray(length);
  }
  return messages;
}

/**
 * Runs the messages and posts PGlite's reply as one transferred buffer. Consecutive protocol
 * messages (a statement's Parse, Bind, Execute and Sync) go to PGlite in one call: its loop reads
 * them all, as PostgreSQL reads a socket. The reply is collected raw, so PGlite does not parse it.
 */
async function run(conn, messages) {
  const replies = [];
  const collect = (chunk) => replies.push(Buffer.from(chunk));
  for (let i = 0; i < messages.length; i++) {
    const { kind, bytes } = messages[i];
    if (kind === 'ssl') replies.push(Buffer.from('N'));
    else if (kind === 'startup') await db.execProtocolRawStream(bytes, { onRawData: collect });
    else if (kind === 'message') {
      let end = i;
      while (end + 1 < messages.length && messages[end + 1].kind === 'message') end++;
      const batch = end === i ? bytes : Buffer.concat(messages.slice(i, end + 1).map((m) => m.bytes));
      await db.execProtocolRawStream(batch, { onRawData: collect });
      i = end;
    }
  }
  if (!replies.length) return;
  const reply = new Uint8Array(replies.reduce((n, r) => n + r.length, 0));
  let at = 0;
  for (const r of replies) {
    reply.set(r, at);
    at += r.length;
  }
  parentPort.postMessage({ type: 'data', conn, bytes: reply }, [reply.buffer]);
}
