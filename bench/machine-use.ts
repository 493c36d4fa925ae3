import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a load bench's machine went, from Linux's /proc: the CPU seconds of the API servers,
 * of PostgreSQL and of the load generator, and the connections the kernel dropped.
 */

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
function cpuSecondsOf(pid: number | string) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which sits in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the API servers (their pids), by each PostgreSQL process on the
 * machine, and by this process (the load generator). Take one before a load and one after it
 * (`cpuSpent`): where the machine's cores went. A PostgreSQL process that ended during the load
 * is not counted (the pools keep their connections open).
 */
export function cpuSnapshot(apiPids: number[]) {
  const postgres = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres.set(pid, cpuSecondsOf(pid));
    } catch {
      // The process ended while we looked.
    }
  }
  const own = process.cpuUsage();
  return {
    api: apiPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres,
    load: (own.user + own.system) / 1e6,
  };
}
export type CpuSnapshot = ReturnType<typeof cpuSnapshot>;

/** CPU seconds between two snapshots, as "api / postgres / load generator". */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot) {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return [after.api - before.api, postgres, after.load - before.load].map((s) => s.toFixed(1)).join(' / ');
}

/**
 * Connections the kernel dropped so far because a server's queue of connections not yet accepted
 * was full (TcpExt ListenOverflows, machine-wide). Each such parent's browser waits about a
 * second and tries again. Read before and after a load; 0 where /proc does not say.
 */
export function listenOverflows() {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.split(/\s+/));
    const at = names?.indexOf('ListenOverflows') ?? -1;
    return at > 0 ? Number(values?.[at] ?? 0) : 0;
  } catch {
    return 0;
  }
}
