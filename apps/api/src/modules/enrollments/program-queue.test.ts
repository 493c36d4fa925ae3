import { describe, expect, it } from 'vitest';
import { programBatcher, type Outcome } from './program-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('program queue', () => {
  it('serves one program’s waiters in batches, in arrival order, one batch at a time, and other programs beside it', async () => {
    const batches: string[][] = [];
    let running = 0;
    let most = 0;
    const enqueue = programBatcher<string, string>(async (program, items) => {
      running++;
      most = Math.max(most, running);
      batches.push([program, ...items]);
      await tick();
      running--;
      return items.map((item) => ({ ok: true, value: `${item} served` }));
    }, 3);
    const results = await Promise.all([
      enqueue('p1', 'a'),
      enqueue('p1', 'b'),
      enqueue('p1', 'c'),
      enqueue('p1', 'd'),
      enqueue('p1', 'e'),
      enqueue('p2', 'x'),
    ]);
    expect(results).toEqual(['a served', 'b served', 'c served', 'd served', 'e served', 'x served']);
    // Arrivals of the same moment go together (at most 3 here); the rest in the next batch.
    expect(batches).toEqual([
      ['p1', 'a', 'b', 'c'],
      ['p2', 'x'],
      ['p1', 'd', 'e'],
    ]);
    expect(most).toBe(2); // p1 and p2 side by side, never two of p1
  });

  it('each waiter gets its own outcome, and a batch that throws fails only its own waiters', async () => {
    let calls = 0;
    const enqueue = programBatcher<string, string>(async (_program, items) => {
      calls++;
      if (calls === 1) throw new Error('database went away');
      return items.map((item): Outcome<string> =>
        item === 'bad' ? { ok: false, error: new Error('refused') } : { ok: true, value: item },
      );
    }, 2);
    const lost = [enqueue('p3', 'one'), enqueue('p3', 'two')];
    const later = [enqueue('p3', 'bad'), enqueue('p3', 'good')];
    for (const p of lost) await expect(p).rejects.toThrow('database went away');
    await expect(later[0]).rejects.toThrow('refused');
    await expect(later[1]).resolves.toBe('good');
    expect(calls).toBe(2);
  });

  it('a batch that releases the queue lets the next one start while it still answers; each waiter still gets its own outcome', async () => {
    const events: string[] = [];
    let finishFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve));
    const enqueue = programBatcher<string, string>(async (_program, items, release) => {
      events.push(`decide ${items.join(',')}`);
      release();
      if (items[0] === 'a') await firstMayFinish;
      events.push(`answer ${items.join(',')}`);
      return items.map((item) => ({ ok: true, value: `${item} served` }));
    }, 2);
    const first = [enqueue('p4', 'a'), enqueue('p4', 'b')];
    const second = [enqueue('p4', 'c'), enqueue('p4', 'd')];
    await expect(Promise.all(second)).resolves.toEqual(['c served', 'd served']);
    // The second batch was decided and answered while the first was still answering.
    expect(events).toEqual(['decide a,b', 'decide c,d', 'answer c,d']);
    finishFirst();
    await expect(Promise.all(first)).resolves.toEqual(['a served', 'b served']);
    expect(events.at(-1)).toBe('answer a,b');
  });

  it('a batch that throws after releasing the queue fails only its own waiters', async () => {
    const enqueue = programBatcher<string, string>(async (_program, items, release) => {
      release();
      if (items.includes('lost')) throw new Error('answers could not be read');
      return items.map((item) => ({ ok: true, value: item }));
    }, 1);
    const lost = enqueue('p5', 'lost');
    const kept = enqueue('p5', 'kept');
    await expect(lost).rejects.toThrow('answers could not be read');
    await expect(kept).resolves.toBe('kept');
  });
});
