import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic } from './periodic.ts';

const log = () =>
  ({ error: vi.fn(), info: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodic (enrollment sweeper and payments worker)', () => {
  it('skips a tick while a pass still runs, and stop() waits for that pass', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    let finished = false;
    const work = vi.fn(() => new Promise<void>((done) => (release = done)).then(() => void (finished = true)));
    const job = startPeriodic({ name: 'test sweep', intervalMs: 1000, log: log(), work });
    await vi.advanceTimersByTimeAsync(3500);
    expect(work).toHaveBeenCalledTimes(1);
    const stopped = job.stop();
    release();
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('logs a failed pass under its name and runs again on the next tick', async () => {
    vi.useFakeTimers();
    const logger = log();
    const work = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(undefined);
    const job = startPeriodic({ name: 'test sweep', intervalMs: 1000, log: logger, work });
    await vi.advanceTimersByTimeAsync(2000);
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test sweep failed');
    expect(work).toHaveBeenCalledTimes(2);
    await job.stop();
  });
  it('stops a pass that works through items before its next item', async () => {
    vi.useFakeTimers();
    const handled: number[] = [];
    let itemDone!: () => void;
    const job = startPeriodic({
      name: 'test sweep',
      intervalMs: 1000,
      log: log(),
      work: async (signal) => {
        for (const item of [1, 2, 3]) {
          if (signal.aborted) return;
          await new Promise<void>((done) => (itemDone = done));
          handled.push(item);
        }
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = job.stop();
    itemDone();
    await stopped;
    expect(handled).toEqual([1]);
  });

  it("says when its last pass succeeded (the metrics' job lag); a failed pass does not count", async () => {
    vi.useFakeTimers({ now: new Date('2026-09-01T08:00:00Z') });
    const work = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('db down'));
    const job = startPeriodic({ name: 'test sweep', intervalMs: 1000, log: log(), work, runAtStart: true });
    const startedAt = Date.parse('2026-09-01T08:00:00Z');
    expect(job.status()).toMatchObject({ name: 'test sweep', intervalMs: 1000, startedAt });
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
    expect(job.status().lastSuccessAt).toBe(startedAt);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
    expect(job.status().lastSuccessAt).toBe(startedAt);
    await job.stop();
  });
});
