import { is, SQL, sql, type Placeholder, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Statements of fixed shape, built by Drizzle once per process instead of on every call.
 *
 * Building a statement (walking its SQL chunks, escaping names, checking each chunk's kind with
 * `is()`) cost more API CPU on registration day than sending it: in the rush's profile Drizzle's
 * query building was about a fifth of each API process, for statements whose text never changes
 * (the session check of every request, the payment's). A fixed query is written with Drizzle as
 * usual, with each value a named placeholder (`p.name`); its text, parameter order and row mapping
 * are taken from the first build and reused. Each call only binds the values and sends the text,
 * through the session of the `db` it is given, so it runs on the pool or inside a transaction,
 * on node-postgres or PGlite alike, and still goes out named on PostgreSQL (statement-names.ts).
 *
 * Only for statements whose text cannot depend on their values: a query that branches on a value,
 * or takes a list (`inArray`), must stay an ordinary Drizzle query. Values go through the column's
 * encoder where the placeholder is compared with or set to a column (`eq(col, p.x)`, `.set()`,
 * `.values()`); a placeholder inside a raw `sql` fragment is sent as given (cast it there).
 * A raw `sql` statement may be fixed too; it answers what `db.execute` answers.
 */

/** The named placeholders of a fixed query: `p.tokenHash` is the value passed as `tokenHash`. */
export type Placeholders<V> = { readonly [K in keyof V & string]: Placeholder<K, V[K]> };

interface Preparable {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

/** What Drizzle's prepared query keeps of a built statement (both drivers' prepared queries have these). */
interface BuiltQuery {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

type Execute<Q extends Preparable | SQL> = Q extends Preparable
  ? ReturnType<ReturnType<Q['prepare']>['execute']>
  : Promise<unknown>;

/** Builds raw statements' text (the app's Drizzle instances use the default dialect: no casing). */
const dialect = new PgDialect();

const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_, name) => sql.placeholder(String(name)),
});

/**
 * A query built once and then run with values: `const q = fixedQuery((db, p: Placeholders<{ id:
 * string }>) => db.select().from(t).where(eq(t.id, p.id)))`, then `await q(db, { id })`.
 */
export function fixedQuery<V extends Record<string, unknown>, Q extends Preparable | SQL>(
  build: (db: Db, p: Placeholders<V>) => Q,
): (db: Db, values: V) => Execute<Q> {
  let built: {
    query: Query;
    fields: BuiltQuery['fields'];
    joinsNotNullableMap?: BuiltQuery['joinsNotNullableMap'];
    raw: boolean;
  };
  return (db, values) => {
    if (!built) {
      const statement = build(db, placeholders as Placeholders<V>);
      if (is(statement, SQL)) {
        built = { query: dialect.sqlToQuery(statement), fields: undefined, raw: true };
      } else {
        const prepared = (statement as Preparable).prepare('fixed') as unknown as BuiltQuery;
        built = {
          query: { sql: prepared.queryString, params: prepared.params },
          fields: prepared.fields,
          joinsNotNullableMap: prepared.joinsNotNullableMap,
          raw: false,
        };
      }
    }
    // As Drizzle's own execute: a raw statement's rows come back as the driver gives them.
    const query = db._.session.prepareQuery(built.query, built.fields as never, undefined, !built.raw);
    (query as unknown as BuiltQuery).joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(values) as Execute<Q>;
  };
}

/**
 * A placeholder where Drizzle's types ask for the value itself (an update's `.set()`). Drizzle
 * accepts it there at run time and encodes the value by its column when the query runs.
 */
export const asValue = <T>(placeholder: Placeholder<string, T>) => placeholder as unknown as T;
