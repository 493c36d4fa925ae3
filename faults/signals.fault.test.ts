import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countLines, startApi, waitUntilReady, type Api } from './lib/api.ts';
import { requestInFlight } from './lib/in-flight.ts';
import { mixedStep, startLoad, tally } from './lib/load.ts';
import { freePort, scratchDir, seconds, sleep, waitFor } from './lib/paths.ts';
import { exitWithin, groupMembers, stopGroup } from './lib/processes.ts';

// Whoever gets the signal (a container runtime signals `npm start`, a supervisor the server,
// systemd the whole group, a terminal's Ctrl-C the foreground group), the API shuts down once:
// in-flight requests are answered, PGlite is closed and its lock released, exit code 0, and no
// process is left. One PGlite folder for all cases: each start also proves the last one let go.

const dataDir = scratchDir('signals');
const lockFile = join(dataDir, 'pglite.lock');
let api: Api | undefined;

afterEach(async () => {
  await stopGroup(api);
  api = undefined;
});

type Target = 'npm' | 'server' | 'group';

/** The server's process: the node running start.mjs (which imports the server) or server.ts itself. */
function serverPid(leader: number) {
  const members = groupMembers(leader);
  const server =
    members.find((m) => m.cmd.includes('apps/api/src/server.ts')) ??
    members.find((m) => m.cmd.includes('scripts/start.mjs'));
  if (!server) throw new Error(`no server process in group ${leader}: ${JSON.stringify(members)}`);
  return server.pid;
}

async function signalCase(label: string, how: 'npm-start' | 'server', target: Target, signal: NodeJS.Signals) {
  api = startApi({ port: await freePort(), dataDir, logFile: join(dataDir, `${label.replaceAll(' ', '-')}.log`), how });
  await waitUntilReady(api);
  const load = startLoad(api.base, 2, mixedStep(`signal-${target}`), 50);
  await sleep(1_000);
  // Two requests the server is in the middle of when the signal comes (their bodies are half sent).
  const inFlight = [
    requestInFlight(api.base, `inflight-a-${Date.now()}@family.example`),
    requestInFlight(api.base, `inflight-b-${Date.now()}@family.example`),
  ];
  await sleep(300);

  const pid = target === 'npm' ? api.pid : target === 'server' ? serverPid(api.pid) : -api.pid;
  const signalledAt = Date.now();
  process.kill(pid, signal);
  await sleep(300);
  const answers = await Promise.all(inFlight.map((r) => r.finish()));
  const exit = await exitWithin(api, 20_000);
  const exitAfter = Date.now() - signalledAt;
  const outcomes = await load.stop();
  const left = await waitFor('the group to be empty', () => groupMembers(api!.pid).length === 0, 3_000).then(
    () => 0,
    () => groupMembers(api!.pid).length,
  );

  const log = api.output();
  const shutdowns = countLines(log, /"msg":"shutting down"/);
  // A group's signal reaches the server twice (from the kernel, and passed on by npm).
  const repeats = countLines(log, /repeated signal ignored/);
  const answered = answers.filter((a) => a.status === 200).length;
  const lockLeft = existsSync(lockFile);
  console.log(
    `fault: ${label} under load: ${outcomes.length} requests ${JSON.stringify(tally(outcomes))}, ` +
      `${answered} of ${answers.length} in flight answered, exit ${exit.code ?? exit.signal} in ${seconds(exitAfter)}, ` +
      `${shutdowns} 'shutting down' (${repeats} repeated signal ignored), lock ${lockLeft ? 'LEFT BEHIND' : 'released'}, ` +
      `${left} processes left`,
  );

  expect(answers).toEqual(answers.map(() => expect.objectContaining({ status: 200 })));
  expect(exit).toEqual({ code: 0, signal: null });
  expect(shutdowns).toBe(1);
  expect(log).not.toMatch(/second (SIGTERM|SIGINT|signal)/i);
  expect(log).not.toMatch(/grace ran out/);
  expect(countLines(log, /"msg":"shut down"/)).toBe(1);
  expect(lockLeft).toBe(false);
  expect(left).toBe(0);
  // Every load request sent before the signal got an answer (20 ms: fetch writes on a later tick).
  // One sent after it may meet a closed port or a kept-alive socket the server is closing.
  expect(outcomes.filter((o) => o.error && o.startedAt < signalledAt - 20)).toEqual([]);
  // Load answers: never a 5xx other than the 503 of a server that is closing.
  expect(outcomes.filter((o) => o.status !== undefined && o.status >= 500 && o.status !== 503)).toEqual([]);
}

describe('one clean shutdown whoever gets the signal', () => {
  it('SIGTERM to npm start (the npm process)', () => signalCase('SIGTERM to npm start', 'npm-start', 'npm', 'SIGTERM'));
  it('SIGTERM to the server process under npm start', () =>
    signalCase('SIGTERM to the server', 'npm-start', 'server', 'SIGTERM'));
  it('SIGTERM to the process group of npm start', () =>
    signalCase('SIGTERM to the group', 'npm-start', 'group', 'SIGTERM'));
  it('SIGINT to the process group (Ctrl-C in a terminal)', () =>
    signalCase('SIGINT to the group', 'npm-start', 'group', 'SIGINT'));
  it('SIGTERM to the release server (node apps/api/src/server.ts)', () =>
    signalCase('SIGTERM to the release server', 'server', 'server', 'SIGTERM'));
});
