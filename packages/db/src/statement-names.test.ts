import { describe, expect, it } from 'vitest';
import { statementName, withStatementName } from './statement-names.ts';

describe('statement names', () => {
  it('names a fixed data statement once, the same name for the same text', () => {
    const text = 'select "id" from "programs" where "programs"."id" = $1';
    const name = statementName(text);
    expect(name).toMatch(/^k\d+$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`${text} limit 1`)).not.toBe(name);
    expect(
      statementName('with queued as (insert into "mail_outbox" ("to") values ($1) returning 1) select 1'),
    ).toBeDefined();
  });

  it('leaves DDL, transaction control and texts that grow with their input unnamed', () => {
    for (const text of [
      'begin',
      'create table "x" ("id" uuid)',
      'select "id" from "enrollments" where "enrollments"."id" in ($1, $2, $3)',
      'insert into "enrollments" ("id") values ($1), ($2)',
      'select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(array[$1, $2]::text[]) as k',
    ])
      expect(statementName(text), text).toBeUndefined();
    // One element is one fixed text.
    expect(statementName('select "id" from "enrollments" where "enrollments"."id" in ($1)')).toBeDefined();
  });

  it('adds the name to a query config, and leaves strings, named and prepared queries alone', () => {
    const config = { text: 'select 1 where $1::int = 1', rowMode: 'array' };
    expect(withStatementName(config)).toEqual({ ...config, name: statementName(config.text) });
    expect(withStatementName('commit')).toBe('commit');
    const named = { text: 'select 2', name: 'mine' };
    expect(withStatementName(named)).toBe(named);
    const submittable = { text: 'select 3', submit() {} };
    expect(withStatementName(submittable)).toBe(submittable);
  });
});
