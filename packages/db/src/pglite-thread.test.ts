import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

// PGlite takes a few seconds to open on this machine; the tests share one database. Opening by
// path (the lock, migrations, a restart keeping what committed) is covered by the API's
// durability, bootstrap and data-dir-lock tests, which start the real server.
const OPEN_MS = 60_000;
const root = mkdtempSync(join(tmpdir(), 'kikstart-pglite-thread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('PGlite in its own thread, over the wire protocol', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await startPgliteThread(join(root, 'wire'));
    await thread.pool.query('create table wire_things (id int primary key, name text not null)');
  }, OPEN_MS);
  afterAll(() => thread?.close());

  it('answers with PostgreSQL types and errors, and the connection goes on after an error', async () => {
    const { rows } = await thread.pool.query<{ n: string; at: Date; list: number[] }>(
      "select 12345678901::bigint as n, timestamptz '2026-11-28 09:00:00+00' as at, '{1,2}'::int[] as list",
    );
    expect(rows[0]).toEqual({ n: '12345678901', at: new Date('2026-11-28T09:00:00Z'), list: [1, 2] });

    await thread.pool.query('insert into wire_things values (1, $1)', ['one']);
    const duplicate = await thread.pool.query('insert into wire_things values (1, $1)', ['again']).catch((e) => e);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'wire_things_pkey' });
    const named = { name: 'wire_count', text: 'select count(*)::int as n from wire_things' };
    expect((await thread.pool.query(named)).rows).toEqual([{ n: 1 }]);
    expect((await thread.pool.query(named)).rows).toEqual([{ n: 1 }]);
  });

  it('runs one transaction at a time: a statement sent meanwhile waits and sees only what committed', async () => {
    const tx = await thread.pool.connect();
    await tx.query('begin');
    await tx.query("insert into wire_things values (2, 'two')");
    let outsideDone = false;
    const outside = thread.pool.query('select count(*)::int as n from wire_things').then((r) => {
      outsideDone = true;
      return r.rows[0].n as number;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(outsideDone).toBe(false);
    await tx.query('rollback');
    tx.release();
    expect(await outside).toBe(1);
  });

  it('a connection lost inside a transaction leaves nothing open for the next one', async () => {
    const lost = await thread.pool.connect();
    await lost.query({ name: 'wire_insert', text: 'insert into wire_things values ($1, $2)', values: [3, 'three'] });
    await lost.query('begin');
    await lost.query("insert into wire_things values (4, 'four')");
    // A statement sent meanwhile waits for that transaction…
    const waiting = thread.pool.query('select count(*)::int as n from wire_things');
    lost.release(new Error('the client went away'));
    // …and runs once it has been rolled back.
    expect((await waiting).rows).toEqual([{ n: 2 }]);

    // A new connection: the half-done transaction was rolled back, the old statement names are free.
    const next = await thread.pool.connect();
    try {
      expect((await next.query('select id from wire_things order by id')).rows).toEqual([{ id: 1 }, { id: 3 }]);
      await next.query({ name: 'wire_insert', text: 'insert into wire_things values ($1, $2)', values: [5, 'five'] });
    } finally {
      next.release();
    }
  });

  it('never hands the next connection the answer meant for one that closed before it came', async () => {
    const client = await thread.pool.connect();
    client.on('error', () => undefined);
    const unanswered = client.query("select 'for the closed connection' as n").catch((err: unknown) => err);
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect(await unanswered).toBeInstanceOf(Error);
    client.release(true);
    expect((await thread.pool.query("select 'for the next one' as n")).rows).toEqual([{ n: 'for the next one' }]);
  });

  it('delivers a NOTIFY when its transaction commits, never for a rollback, and not after close', async () => {
    const got: (string | undefined)[] = [];
    const listener = await thread.listen('wire_news', { onNotify: (payload) => got.push(payload) });
    await thread.pool.query("select pg_notify('wire_news', 'first')");
    const tx = await thread.pool.connect();
    await tx.query('begin');
    await tx.query("select pg_notify('wire_news', 'rolled back')");
    await tx.query('rollback');
    tx.release();
    await thread.pool.query("select pg_notify('wire_news', 'second')");
    await listener.close();
    await thread.pool.query("select pg_notify('wire_news', 'after close')");
    await thread.pool.query('select 1');
    expect(got).toEqual(['first', 'second']);
  });
});
