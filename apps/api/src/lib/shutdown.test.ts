import { describe, expect, it } from 'vitest';
import { handleShutdown } from './shutdown.ts';

/** A process stand-in: records listeners, log lines and the exit code. */
function fakeProcess() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const lines: string[] = [];
  const exits: number[] = [];
  let exited: (code: number) => void = () => undefined;
  const exitedOnce = new Promise<number>((resolve) => (exited = resolve));
  return {
    lines,
    exits,
    exitedOnce,
    emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args)),
    options: {
      log: { info: (_: object, msg: string) => lines.push(msg), error: (_: object, msg: string) => lines.push(msg) },
      exit: (code: number) => {
        exits.push(code);
        exited(code);
      },
      on: (event: string, listener: (...args: unknown[]) => void) =>
        listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    },
  };
}

describe('shutdown on signals', () => {
  it('closes once when SIGTERM comes twice (npm passing it on to a process group that got it too), and exits 0', async () => {
    const proc = fakeProcess();
    let closes = 0;
    handleShutdown({
      graceMs: 5_000,
      ...proc.options,
      close: async () => {
        closes++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    proc.emit('SIGTERM');
    proc.emit('SIGTERM');
    proc.emit('SIGINT');
    expect(await proc.exitedOnce).toBe(0);
    expect(closes).toBe(1);
    expect(proc.exits).toEqual([0]);
    expect(proc.lines.filter((l) => l === 'shutting down')).toHaveLength(1);
    expect(proc.lines.filter((l) => l.startsWith('already shutting down'))).toHaveLength(2);
  });

  it('exits 1 when closing outlasts the grace', async () => {
    const proc = fakeProcess();
    handleShutdown({ graceMs: 30, ...proc.options, close: () => new Promise(() => undefined) });
    proc.emit('SIGINT');
    expect(await proc.exitedOnce).toBe(1);
    expect(proc.lines).toContain('shutdown grace ran out; exiting before everything closed');
  });

  it('closes and exits 1 after an uncaught error, and a signal during that closing is ignored', async () => {
    const proc = fakeProcess();
    let closes = 0;
    handleShutdown({ graceMs: 5_000, ...proc.options, close: async () => void closes++ });
    proc.emit('uncaughtException', new Error('boom'));
    proc.emit('SIGTERM');
    expect(await proc.exitedOnce).toBe(1);
    expect(closes).toBe(1);
    expect(proc.lines[0]).toBe('closing after an error');
  });

  it('exits 1 when closing fails', async () => {
    const proc = fakeProcess();
    handleShutdown({
      graceMs: 5_000,
      ...proc.options,
      close: () => Promise.reject(new Error('database close failed')),
    });
    proc.emit('SIGTERM');
    expect(await proc.exitedOnce).toBe(1);
    expect(proc.lines).toContain('shutdown failed');
  });
});
