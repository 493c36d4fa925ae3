import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { sleep, waitFor } from './paths.ts';

/**
 * A process the suite started, in a process group of its own (detached), so a signal can go to
 * the whole group as systemd sends it, and cleanup can kill everything it spawned.
 */
export interface Started {
  child: ChildProcess;
  pid: number;
  /** stdout and stderr as they came, for the assertions on log lines. */
  output(): string;
  /** Resolves when the process has exited: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
}

const groups = new Set<number>();

// A test that throws, or a worker that exits, must not leave servers behind on the machine.
process.on('exit', () => {
  for (const pgid of groups) killGroup(pgid, 'SIGKILL');
});

export function startProcess(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): Started {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid!;
  groups.add(pid);
  let text = '';
  const file = createWriteStream(opts.logFile, { flags: 'a' });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      file.write(chunk);
    });
  }
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return { child, pid, output: () => text, exited, running: () => !done };
}

/** Signals every process of a group; no error if the group is gone already. */
export function killGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // nothing left in the group
  }
}

/** The live processes of a group, read from /proc (field 5 of stat is the process group). */
export function groupMembers(pgid: number): { pid: number; cmd: string }[] {
  const members: { pid: number; cmd: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields are counted after it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue; // a zombie has exited; only its parent's wait is missing
      if (Number(fields[2]) !== pgid) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      members.push({ pid: Number(entry), cmd });
    } catch {
      // exited while we looked
    }
  }
  return members;
}

/** Kills the group and waits for its leader's exit: the cleanup every test runs. */
export async function stopGroup(started: Started | undefined) {
  if (!started) return;
  killGroup(started.pid, 'SIGKILL');
  if (started.running()) await Promise.race([started.exited, sleep(5_000)]);
  await waitFor(`the processes of group ${started.pid} to end`, () => groupMembers(started.pid).length === 0, 5_000);
  groups.delete(started.pid);
}

/** Resolves with the exit, or throws when the process is still running after `timeoutMs`. */
export async function exitWithin(started: Started, timeoutMs: number) {
  const timeout = sleep(timeoutMs).then(() => 'timeout' as const);
  const result = await Promise.race([started.exited, timeout]);
  if (result === 'timeout') throw new Error(`process ${started.pid} still running after ${timeoutMs} ms`);
  return result;
}
