import { EventEmitter } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { observePool } from './client.ts';

/** Stands in for a server connection: connects at once and answers every query with no rows. */
class FakeClient extends EventEmitter {
  connect(cb: (err?: Error) => void) {
    setImmediate(() => cb());
  }
  query(_text: unknown, _values?: unknown, cb?: (err: Error | undefined, res: unknown) => void) {
    const done = typeof _values === 'function' ? (_values as typeof cb) : cb;
    setImmediate(() => done?.(undefined, { rows: [] }));
  }
  end(cb?: () => void) {
    setImmediate(() => cb?.());
  }
}

describe('observePool (the metrics view of a connection pool)', () => {
  it('times each checkout, queries and transactions alike, and counts the waiting ones', async () => {
    const pool = new pg.Pool({ max: 1, Client: FakeClient as unknown as typeof pg.Client });
    const observer = observePool(pool);
    const waits: number[] = [];
    const stop = observer.onAcquire((seconds) => waits.push(seconds));

    const held = await pool.connect();
    // The one connection is held: the next query waits for it.
    const queued = pool.query('select 1');
    expect(observer.stats()).toEqual({ open: 1, idle: 0, max: 1, waiting: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    held.release();
    await queued;

    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(0.02);
    expect(observer.stats()).toMatchObject({ max: 1, waiting: 0 });

    stop();
    await pool.query('select 1');
    expect(waits).toHaveLength(2);
    await pool.end();
  });
});
