import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { enrollments } from '@kikstart/db';
import { SEAT_STATUSES } from '@kikstart/contract/enrollment-status';
import { statementName } from '@kikstart/db/statement-names';
import { isOneOf } from './constant-list.ts';

const dialect = new PgDialect();

describe('isOneOf', () => {
  it('writes a constant list into the text, so the statement is named (planned once)', () => {
    const query = dialect.sqlToQuery(
      sql`select 1 from ${enrollments} where ${isOneOf(enrollments.status, SEAT_STATUSES)}`,
    );
    expect(query.sql).toBe(
      `select 1 from "enrollments" where "enrollments"."status" in ('pending_payment', 'confirmed', 'offered')`,
    );
    expect(query.params).toEqual([]);
    expect(statementName(query.sql)).toBeDefined();
  });

  it('refuses anything that is not a plain constant, and an empty list', () => {
    expect(() => isOneOf(enrollments.status, ["x') or true --"])).toThrow(/not a constant/);
    expect(() => isOneOf(enrollments.status, ['Confirmed'])).toThrow(/not a constant/);
    expect(() => isOneOf(enrollments.status, [])).toThrow(/at least one/);
  });
});
