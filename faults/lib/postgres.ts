import { execFile } from 'node:child_process';
import { chownSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { scratchDir } from './paths.ts';

const run = promisify(execFile);

/** The newest server binaries Debian's postgresql package installed (scripts/ensure-test-deps.sh). */
function binDir() {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(a) - Number(b));
  if (!versions.length) throw new Error('PostgreSQL server binaries not found; run scripts/ensure-test-deps.sh');
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
}

const asRoot = process.getuid?.() === 0;
// initdb refuses to run as root; as in scripts/with-postgres.sh, the cluster then belongs to postgres.
const asPostgres = (tool: string, args: string[]) =>
  asRoot ? run('runuser', ['-u', 'postgres', '--', tool, ...args]) : run(tool, args);

/**
 * A throwaway PostgreSQL cluster on a fixed port and data folder under .tmp/faults/<name>, that a
 * test can stop (fast, as an operator's restart does) and start again. Everything is async: the
 * test's load keeps running while the server stops and starts.
 */
export class Cluster {
  readonly dir: string;
  readonly data: string;
  readonly port: number;
  private readonly bin = binDir();

  constructor(name: string, port: number) {
    this.dir = scratchDir(name);
    this.data = join(this.dir, 'data');
    this.port = port;
    if (asRoot) chownSync(this.dir, ...postgresIds());
  }

  url(database = 'kikstart') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** initdb, start, and the `kikstart` database the API gets. */
  async create() {
    await asPostgres(`${this.bin}/initdb`, [
      '-D',
      this.data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    await this.start();
    await this.query('postgres', 'create database kikstart');
  }

  async start() {
    await asPostgres(`${this.bin}/pg_ctl`, [
      '-D',
      this.data,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off -c max_connections=100`,
      'start',
    ]);
  }

  /** `pg_ctl stop -m fast`: sessions are ended (their clients see the connection drop), then it stops. */
  async stopFast() {
    await asPostgres(`${this.bin}/pg_ctl`, ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  /** Stops the server and removes its data; the logs stay in the folder for reading after a failure. */
  async destroy() {
    await asPostgres(`${this.bin}/pg_ctl`, ['-D', this.data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(this.data, { recursive: true, force: true });
  }

  /** One statement on a fresh connection (the checks read what the API committed). */
  async query<T = Record<string, unknown>>(database: string, text: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
}

/** The postgres user's uid and gid, from /etc/passwd. */
function postgresIds(): [number, number] {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = (entry ?? '').split(':');
  if (!uid || !gid) throw new Error('running as root, but there is no postgres user to own the cluster');
  return [Number(uid), Number(gid)];
}
