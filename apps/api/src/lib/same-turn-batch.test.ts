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
