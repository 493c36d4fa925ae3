import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilReady } from './lib/api.ts';
import { freePort, NODE_BIN, ROOT, scratchDir, seconds, sleep } from './lib/paths.ts';
import { Cluster } from './lib/postgres.ts';
import { exitWithin, groupMembers, killGroup, startProcess, stopGroup, type Started } from './lib/processes.ts';
import { readDockerfile, readUnit } from './lib/release-files.ts';

/**
 * The release as an operator makes it: the repository built with `npm run build`, then what the
 * Dockerfile's runtime stage copies, installed with its `npm ci --omit=dev` in a fresh folder,
 * started with the systemd unit's ExecStart on PostgreSQL and stopped the way systemd stops it.
 */
const METRICS_TOKEN = 'release-test-metrics-token-0123456789';
/** Tools of the development install that production must not need. */
const DEV_ONLY = ['tsx', 'vite', 'vitest', 'typescript', '@playwright/test', 'eslint', 'drizzle-kit', 'prettier'];

const dockerfile = readDockerfile(join(ROOT, 'Dockerfile'));
const unit = readUnit(join(ROOT, 'deploy/kikstart.service'));
const pathWithRuntime = `${dirname(NODE_BIN)}:/usr/local/bin:/usr/bin:/bin`;

/** Runs one of the Dockerfile's RUN lines, which may only be a release script. */
function runReleaseStep(line: string, cwd: string) {
  const started = Date.now();
  // The machine's settings (npm's registry and CA certificates among them), but not vitest's NODE_ENV.
  const { NODE_ENV: _, ...machine } = process.env;
  execFileSync('sh', ['-c', line], { cwd, env: { ...machine, PATH: pathWithRuntime }, stdio: 'pipe' });
  return Date.now() - started;
}

describe('the release', () => {
  const dir = scratchDir('release');
  const build = join(dir, 'build');
  const app = join(dir, 'app');
  const dataDir = join(dir, 'data');
  let cluster: Cluster;
  let server: Started | undefined;
  const numbers: string[] = [];

  beforeAll(async () => {
    cluster = new Cluster('release-pg', await freePort());
    await cluster.create();
  }, 60_000);

  afterAll(async () => {
    await stopGroup(server);
    await cluster?.destroy();
    console.log(`fault: release: ${numbers.join(', ')}`);
  });

  it('the Dockerfile, the unit and package.json name one release: the same build, install and start commands', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(dockerfile.build.run).toEqual(['npm ci', 'npm run build']);
    expect(dockerfile.runtime.run).toEqual([
      'npm ci --omit=dev',
      expect.stringMatching(/^mkdir -p \S+ && chown node:node \S+$/),
    ]);
    expect(dockerfile.runtime.env.NODE_ENV).toBe('production');
    // One start command: the image's CMD, the unit's ExecStart and `npm run start:release`.
    const start = dockerfile.runtime.cmd.join(' ');
    expect(start).toBe('node apps/api/src/server.ts');
    expect(unit.execStart.replace(/^\/usr\/bin\/node /, 'node ')).toBe(start);
    expect(pkg.scripts['start:release']).toBe(`exec ${start}`);
    expect(unit.environment.NODE_ENV).toBe('production');
    // The stop: SIGTERM to every process, and more time than the server's own grace (10 s).
    expect(unit.service.KillSignal).toBe('SIGTERM');
    expect(unit.service.KillMode).toBe('control-group');
    expect(Number(unit.service.TimeoutStopSec)).toBeGreaterThan(10);
    // compose runs the image's CMD (no command of its own) and stops it after the grace.
    const compose = readFileSync(join(ROOT, 'compose.yaml'), 'utf8');
    expect(compose).toMatch(/^\s+build: \.$/m);
    expect(compose).not.toMatch(/^\s+(command|entrypoint):/m);
    expect(compose).toMatch(/\/api\/ready/);
    expect(Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1])).toBeGreaterThan(10);
  });

  it('is built by npm run build, installed with npm ci --omit=dev alone, and starts and serves in production on PostgreSQL', async () => {
    // The build stage: `COPY . .` of the repository (what git tracks, and new files it does not
    // ignore), and its RUN lines; `npm ci` is the CI's own install, linked rather than repeated.
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
      .toString()
      .split('\0')
      .filter((f) => f && existsSync(join(ROOT, f)));
    for (const file of files) cpSync(join(ROOT, file), join(build, file));
    for (const modules of [
      'node_modules',
      'apps/web/node_modules',
      'apps/api/node_modules',
      'packages/db/node_modules',
    ])
      if (existsSync(join(ROOT, modules))) symlinkSync(join(ROOT, modules), join(build, modules));
    numbers.push(`npm run build ${seconds(runReleaseStep('npm run build', build))}`);

    // The runtime stage, in a fresh folder: its COPY and RUN lines in order.
    mkdirSync(app, { recursive: true });
    for (const step of dockerfile.runtime.steps) {
      if (step.kind === 'copy') {
        for (const source of step.sources) {
          const from = join(build, source.replace(/^\/app\/?/, ''));
          const to = step.sources.length > 1 ? join(app, step.dest, source.split('/').at(-1)!) : join(app, step.dest);
          cpSync(from, to, { recursive: true });
        }
      } else if (step.line.startsWith('npm ')) {
        numbers.push(`${step.line} ${seconds(runReleaseStep(step.line, app))}`);
      }
      // The data folder line prepares the image's DATA_DIR; here the test's own folder is used.
    }
    for (const tool of DEV_ONLY)
      expect(existsSync(join(app, 'node_modules', tool)), `${tool} is installed`).toBe(false);
    const installed = execFileSync('du', ['-sm', join(app, 'node_modules')])
      .toString()
      .split('\t')[0];
    const full = execFileSync('du', ['-sm', '-L', join(ROOT, 'node_modules')])
      .toString()
      .split('\t')[0];
    numbers.push(`node_modules ${installed} MB (full install ${full} MB)`);

    // Started as systemd starts it: ExecStart, Environment= and the EnvironmentFile's settings.
    const port = await freePort();
    const [command, ...args] = unit.execStart.split(' ');
    expect(command).toBe('/usr/bin/node');
    server = startProcess(NODE_BIN, args, {
      cwd: app,
      env: {
        PATH: pathWithRuntime,
        ...unit.environment,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        DATABASE_URL: cluster.url(),
        SMTP_URL: 'smtp://127.0.0.1:2',
        PAYMENT_GATEWAY: 'manual',
        PROVIDER_NAME: 'Release Test Sports LLC',
        PROVIDER_ADDRESS: '1 Test Street, Springfield, CA 90000',
        PROVIDER_TAX_ID: '12-3456789',
        METRICS_TOKEN,
      },
      logFile: join(dir, 'server.log'),
    });
    const startedAt = Date.now();
    const api = { ...server, port, base: `http://127.0.0.1:${port}` };
    await waitUntilReady(api, 60_000);
    numbers.push(`ready ${seconds(Date.now() - startedAt)} after start`);

    const home = await fetch(`${api.base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toMatch(/<html/i);
    const metrics = await fetch(`${api.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^# TYPE /m);
    expect((await fetch(`${api.base}/metrics`)).status).toBe(401);

    // Stopped as systemd stops it (KillMode=control-group): SIGTERM to every process of the unit
    // while requests are in flight. Each request sent before the signal is answered.
    let answered = 0;
    let failed = 0;
    const inFlight: Promise<void>[] = [];
    const send = () =>
      fetch(`${api.base}/api/programs/all-list`).then(
        async (res) => {
          await res.arrayBuffer();
          answered++;
        },
        () => void failed++,
      );
    for (let i = 0; i < 20; i++) inFlight.push(send());
    await sleep(5);
    const stopAt = Date.now();
    killGroup(server.pid, unit.service.KillSignal as NodeJS.Signals);
    const exit = await exitWithin(server, Number(unit.service.TimeoutStopSec) * 1000);
    const stopMs = Date.now() - stopAt;
    await Promise.all(inFlight);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(failed).toBe(0);
    expect(answered).toBe(20);
    expect(groupMembers(server.pid)).toEqual([]);
    expect(server.output().match(/"msg":"shutting down"/g)).toHaveLength(1);
    numbers.push(`stopped in ${seconds(stopMs)} with ${answered} requests in flight answered`);
  }, 420_000);
});
