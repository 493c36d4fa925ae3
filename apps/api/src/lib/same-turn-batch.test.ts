import { describe, expect, it } from 'vitest';
import { sameTurnBatch } from './same-turn-batch.ts';

describe('sameTurnBatch', () => {
  it('runs the calls of one turn together, in order, each getting its own answer', async () => {
    const runs: number[][] = [];
    const double = sameTurnBatch(async (items: number[]) => {
      runs.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('starts a new run for calls made in a later turn', async () => {
    const runs: string[][] = [];
    const echo = sameTurnBatch(async (items: string[]) => {
      runs.push(items);
      return items;
    });
    const first = echo('a');
    await new Promise((resolve) => setImmediate(resolve));
    const second = echo('b');
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(runs).toEqual([['a'], ['b']]);
  });

  it('holds calls made while a run is going for one next run, after it', async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const echo = sameTurnBatch(async (items: number[]) => {
      runs.push(items);
      if (runs.length === 1) await gate;
      return items;
    });
    const first = echo(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toEqual([[1]]);
    // Two later turns while the first run waits on its database: neither starts a run of its own.
    const second = echo(2);
    await new Promise((resolve) => setImmediate(resolve));
    const third = echo(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toEqual([[1]]);
    release();
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    expect(runs).toEqual([[1], [2, 3]]);
  });

  it('starts the next run after a failed one', async () => {
    let calls = 0;
    const once = sameTurnBatch(async (items: number[]) => {
      if (++calls === 1) throw new Error('database down');
      return items;
    });
    const failed = expect(once(1)).rejects.toThrow('database down');
    await new Promise((resolve) => setImmediate(resolve));
    const later = once(2);
    await failed;
    expect(await later).toBe(2);
  });

  it('rejects every call of a run that fails, and the next run works', async () => {
    let fail = true;
    const flaky = sameTurnBatch(async (items: number[]) => {
      if (fail) throw new Error('database down');
      return items;
    });
    const results = await Promise.allSettled([flaky(1), flaky(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await flaky(3)).toBe(3);
  });

  it('rejects a run that answers the wrong number of values', async () => {
    const short = sameTurnBatch(async (items: number[]) => items.slice(1));
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow('batch answered 1 of 2');
  });
});
