import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NODE_BIN, ROOT, waitFor } from './paths.ts';
import { startProcess, type Started } from './processes.ts';

export interface Api extends Started {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
}

export interface ApiOptions {
  port: number;
  /** DATA_DIR: PGlite (when no DATABASE_URL), uploads and private files. */
  dataDir: string;
  /** Where stdout and stderr are kept for reading after a failure. */
  logFile: string;
  /** Any other variables (DATABASE_URL, SMTP_URL, PAYMENT_GATEWAY, …). */
  env?: Record<string, string>;
  /** `server`: node apps/api/src/server.ts (the release's process); `npm-start`: `npm start`, as the demo runs. */
  how?: 'server' | 'npm-start';
}

/**
 * The environment from scratch, not the test runner's: vitest sets NODE_ENV=test, and the API
 * must run as an operator runs it (NODE_ENV unset is development). The runtime's folder comes
 * first on PATH, so `npm start` and its `node` are that runtime too.
 */
function apiEnv(opts: ApiOptions): NodeJS.ProcessEnv {
  return {
    PATH: `${dirname(NODE_BIN)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: process.env.HOME ?? '/root',
    LANG: 'C.UTF-8',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    // Every load client sends its own X-Forwarded-For, as visitors behind a proxy would, so the
    // per-IP limits of the public forms (5 per 10 minutes) count each one apart.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    ...opts.env,
  };
}

export function startApi(opts: ApiOptions): Api {
  if (!existsSync(NODE_BIN)) throw new Error(`${NODE_BIN} is missing: run \`bash scripts/node-runtimes.sh\` first`);
  const env = apiEnv(opts);
  const started =
    opts.how === 'npm-start'
      ? startProcess('npm', ['start', '--silent'], { cwd: ROOT, env, logFile: opts.logFile })
      : startProcess(NODE_BIN, [join(ROOT, 'apps/api/src/server.ts')], { cwd: ROOT, env, logFile: opts.logFile });
  return { ...started, port: opts.port, base: `http://127.0.0.1:${opts.port}` };
}

/** True when GET `path` answers 200; false while nothing listens or it answers otherwise. */
export async function answers200(base: string, path: string) {
  try {
    const res = await fetch(base + path, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Waits until /api/ready answers 200 (database up, migrations applied); fails early if the process exits. */
export async function waitUntilReady(api: Api, timeoutMs = 90_000) {
  await waitFor(
    `${api.base}/api/ready`,
    async () => {
      if (!api.running()) throw new Error(`the API exited before it was ready:\n${api.output().slice(-3000)}`);
      return answers200(api.base, '/api/ready');
    },
    timeoutMs,
    100,
  );
}

/** How many log lines contain `text` (the server logs JSON lines; the start-up banner is plain text). */
export const countLines = (output: string, pattern: RegExp) => output.split('\n').filter((l) => pattern.test(l)).length;
