import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { openDatabase, type DbHandle } from './client.ts';
import { asValue, fixedQuery, type Placeholders } from './fixed-query.ts';

const things = pgTable('fq_things', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
const tags = pgTable('fq_tags', {
  id: integer('id').primaryKey(),
  thingId: uuid('thing_id'),
});

const byName = fixedQuery((db, p: Placeholders<{ name: string }>) =>
  db
    .select({ id: things.id, at: things.at, tag: { id: tags.id } })
    .from(things)
    .leftJoin(tags, eq(tags.thingId, things.id))
    .where(eq(things.name, p.name)),
);
const insertThing = fixedQuery((db, p: Placeholders<{ name: string; at: Date }>) =>
  db.insert(things).values({ name: p.name, at: p.at }).returning({ id: things.id, at: things.at }),
);
const moveThing = fixedQuery((db, p: Placeholders<{ id: string; at: Date }>) =>
  db
    .update(things)
    .set({ at: asValue(p.at) })
    .where(eq(things.id, p.id))
    .returning({ at: things.at }),
);

describe('fixed queries', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ memory: true });
    await handle.db.execute(
      sql`create table fq_things (id uuid primary key default gen_random_uuid(), name text not null, at timestamptz not null)`,
    );
    await handle.db.execute(sql`create table fq_tags (id integer primary key, thing_id uuid)`);
  });
  afterAll(() => handle.close());

  it('binds new values on every call and maps rows as Drizzle does (dates, a left join without a match)', async () => {
    const { db } = handle;
    const at = new Date('2026-11-28T10:00:00.123Z');
    const [a] = await insertThing(db, { name: 'a', at });
    const [b] = await insertThing(db, { name: 'b', at: new Date(at.getTime() + 1000) });
    await db.insert(tags).values({ id: 1, thingId: b!.id });
    expect(a!.at).toEqual(at);
    expect(await byName(db, { name: 'a' })).toEqual([{ id: a!.id, at, tag: null }]);
    expect(await byName(db, { name: 'b' })).toEqual([{ id: b!.id, at: b!.at, tag: { id: 1 } }]);
    // The same rows as the ordinary query.
    const ordinary = await db
      .select({ id: things.id, at: things.at, tag: { id: tags.id } })
      .from(things)
      .leftJoin(tags, eq(tags.thingId, things.id))
      .where(eq(things.name, 'b'));
    expect(await byName(db, { name: 'b' })).toEqual(ordinary);
  });

  it('runs inside the transaction it is given', async () => {
    const { db } = handle;
    const later = new Date('2027-01-01T00:00:00Z');
    await expect(
      db.transaction(async (tx) => {
        const [c] = await insertThing(tx, { name: 'c', at: later });
        expect(await byName(tx, { name: 'c' })).toHaveLength(1);
        expect(await moveThing(tx, { id: c!.id, at: new Date(later.getTime() + 5) })).toEqual([
          { at: new Date(later.getTime() + 5) },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byName(db, { name: 'c' })).toEqual([]);
  });

  it('runs a raw statement as db.execute does', async () => {
    const echo = fixedQuery((_db, p: Placeholders<{ word: string }>) => sql`select ${p.word}::text as "word"`);
    const { rows } = (await echo(handle.db, { word: 'first' })) as { rows: unknown[] };
    expect(rows).toEqual([{ word: 'first' }]);
    expect(((await echo(handle.db, { word: 'second' })) as { rows: unknown[] }).rows).toEqual([{ word: 'second' }]);
  });

  it('refuses a call missing a value', async () => {
    await expect(byName(handle.db, {} as { name: string })).rejects.toThrow('No value for placeholder "name"');
  });
});
