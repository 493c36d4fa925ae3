import { describe, expect, it } from 'vitest';
import { batchQueue, type Outcome } from './batch-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('batch queue', () => {
  it('serves one key’s waiters (one database’s) in batches, in arrival order, one batch at a time, and other keys beside it', async () => {
    const batches: string[][] = [];
    let running = 0;
    let most = 0;
    const enqueue = batchQueue<string, string, string>(async (key, items) => {
      running++;
      most = Math.max(most, running);
      batches.push([key, ...items]);
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
    const enqueue = batchQueue<string, string, string>(async (_key, items) => {
      calls++;
      if (calls === 1) throw new Error('database went away');
      return items.map((item): Outcome<string> =>
        item === 'bad' ? { ok: false, error: new Error('refused') } : { ok: true, value: item },
      );
    }, 2);
    // Each expectation is attached as its request is made: an answer may come before the test
    // gets to it, and a rejection nobody listens for yet is reported as unhandled.
    const lost = [enqueue('p3', 'one'), enqueue('p3', 'two')].map((p) =>
      expect(p).rejects.toThrow('database went away'),
    );
    const refused = expect(enqueue('p3', 'bad')).rejects.toThrow('refused');
    const served = expect(enqueue('p3', 'good')).resolves.toBe('good');
    await Promise.all([...lost, refused, served]);
    expect(calls).toBe(2);
  });

  it('a batch is answered once the next batch has sent its first statement, and the last one at once', async () => {
    const events: string[] = [];
    const enqueue = batchQueue<string, string, string>(async (_key, items) => {
      // A driver reaches the socket a few promise steps into the call.
      for (let step = 0; step < 5; step++) await Promise.resolve();
      events.push(`sent ${items.join(',')}`);
      await tick();
      return items.map((item) => ({ ok: true, value: item }));
    }, 2);
    const answered = (item: string) =>
      enqueue('p4', item).then((value) => {
        events.push(`answer ${value}`);
      });
    await Promise.all(['a', 'b', 'c'].map(answered));
    expect(events).toEqual(['sent a,b', 'sent c', 'answer a', 'answer b', 'answer c']);
  });
});
