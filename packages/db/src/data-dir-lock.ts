import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Random per taking, so a holder only ever removes its own lock. */
  token: string;
}

/** Thrown when another live process holds the embedded database folder. */
export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly holder: LockHolder;
  constructor(lockFile: string, holder: LockHolder) {
    const sameHost = holder.hostname === hostname();
    super(
      `The embedded database is in use by another KikStart process: pid ${holder.pid} on ${holder.hostname}, started ${holder.startedAt} ` +
        `(lock file ${lockFile}). Two processes on one PGlite folder lose each other's writes. Stop that process first, ` +
        `or set DATABASE_URL to a PostgreSQL server to run several API processes.` +
        (sameHost ? '' : ` If that process is gone, delete the lock file.`),
    );
    this.name = 'DataDirLockedError';
    this.lockFile = lockFile;
    this.holder = holder;
  }
}

export interface DataDirLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

/** A takeover that did not finish within this is a crashed one. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Takes the lock file beside an on-disk PGlite folder, or throws DataDirLockedError naming the
 * live holder. The file is written whole under a temporary name and then hard-linked into
 * place: link() fails if the name exists, exactly like open(O_CREAT|O_EXCL), and a reader never
 * sees a half-written file. A lock whose process is dead (SIGKILL, power loss) is stale and is
 * taken over; the takeover itself is serialised by a second exclusive file so two restarting
 * processes cannot both remove the stale lock and both win.
 */
export function takeDataDirLock(file: string): DataDirLock {
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(file, JSON.stringify(holder) + '\n')) return lockOf(file, holder);
    const current = readHolder(file);
    if (current === 'missing') continue; // released between our two calls: try again
    if (current !== 'unreadable' && isAlive(current)) throw new DataDirLockedError(file, current);
    if (takeOver(file, current, holder)) return lockOf(file, holder);
    // Another process is taking the stale lock over right now: look again in a moment.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  throw new Error(
    `Could not take the lock file ${file}: other processes keep taking it over. Start one process at a time.`,
  );
}

function lockOf(file: string, holder: LockHolder): DataDirLock {
  return {
    file,
    holder,
    release() {
      const current = readHolder(file);
      if (typeof current === 'object' && current.token === holder.token) rmSync(file, { force: true });
    },
  };
}

/** Creates `file` with `content` only if no file has that name; false when one exists. */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content, { flush: true });
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

function readHolder(file: string): LockHolder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.hostname === 'string' && typeof parsed.token === 'string') {
      return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt), token: parsed.token };
    }
  } catch {
    // written by something else: treated as stale below
  }
  return 'unreadable';
}

/**
 * A holder on another host cannot be checked from here, so it counts as alive (the message says
 * to delete the file if it is gone). Our own pid in the file is a previous run of this process
 * id (a restarted container is pid 1 again), not us: we do not hold the lock yet.
 */
function isAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Replaces a stale lock with ours, unless someone else got there first. */
function takeOver(file: string, stale: LockHolder | 'unreadable', holder: LockHolder): boolean {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, String(process.pid))) {
    clearCrashedTakeover(guard);
    return false;
  }
  try {
    // Still the same stale lock? Another process may have taken over (and even released)
    // meanwhile; then the caller starts again from the exclusive create.
    const current = readHolder(file);
    const unchanged =
      stale === 'unreadable' ? current === 'unreadable' : typeof current === 'object' && current.token === stale.token;
    if (!unchanged) return false;
    // rename, not unlink: the stale file is replaced whole, never observed missing by a reader.
    const temp = `${file}.${process.pid}.new`;
    writeFileSync(temp, JSON.stringify(holder) + '\n', { flush: true });
    renameSync(temp, file);
    return true;
  } finally {
    unlinkSync(guard);
  }
}

/** A takeover guard left by a process killed mid-takeover would block every later start. */
function clearCrashedTakeover(guard: string) {
  try {
    if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) rmSync(guard, { force: true });
  } catch {
    // already gone
  }
}
