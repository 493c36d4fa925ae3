import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ENROLLMENT_STATUSES,
  LIVE_STATUSES,
  UNPAID_HOLD_STATUS,
  WAITLIST_STATUS,
} from '@kikstart/contract/enrollment-status';
import { STAFF_ROLES } from '@kikstart/contract/roles';
import { LEAD_STATUSES } from '@kikstart/contract/lead-status';
import { ATTENDANCE_STATUSES, PICKUP_KINDS } from '@kikstart/contract/attendance';
import { useTestApp } from './test-app.ts';

const t = useTestApp();

/** Rows of a query; both drivers (PGlite, node-postgres) answer { rows }. */
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The statuses named in an index's WHERE clause, as PostgreSQL prints it back. */
async function indexStatuses(name: string): Promise<string[]> {
  const [row] = await rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where indexname = ${name}`);
  if (!row) throw new Error(`index ${name} is missing`);
  const where = row.indexdef.slice(row.indexdef.indexOf(' WHERE '));
  return [...where.matchAll(/'([a-z_]+)'::enrollment_status/g)].map((m) => m[1]!).sort();
}

/** The values of a PostgreSQL enum type, in their order. */
const enumValues = async (
  type: 'enrollment_status' | 'staff_role' | 'lead_status' | 'attendance_status' | 'pickup_kind',
) => (await rows<{ v: string }>(sql`select unnest(enum_range(null::${sql.raw(type)}))::text as v`)).map((r) => r.v);

describe('the database uses the contract roles', () => {
  it('the staff_role enum holds the contract staff roles in the contract order', async () => {
    expect(await enumValues('staff_role')).toEqual([...STAFF_ROLES]);
  });
});

describe('the database uses the contract attendance marks', () => {
  it('attendance_status and pickup_kind hold the contract values in the contract order', async () => {
    expect(await enumValues('attendance_status')).toEqual([...ATTENDANCE_STATUSES]);
    expect(await enumValues('pickup_kind')).toEqual([...PICKUP_KINDS]);
  });
});

describe('the database uses the contract status sets', () => {
  it('the lead_status enum holds the contract lead statuses in the contract order', async () => {
    expect(await enumValues('lead_status')).toEqual([...LEAD_STATUSES]);
  });

  it('the enrollment_status enum holds the contract statuses in the contract order', async () => {
    expect(await enumValues('enrollment_status')).toEqual([...ENROLLMENT_STATUSES]);
  });

  it('one live enrollment per child and program: the unique index predicate is LIVE_STATUSES', async () => {
    expect(await indexStatuses('enrollments_child_program_active_unique')).toEqual([...LIVE_STATUSES].sort());
  });

  it('the hold and waitlist indexes cover the unpaid-hold and waitlist statuses', async () => {
    expect(await indexStatuses('enrollments_hold_idx')).toEqual([UNPAID_HOLD_STATUS]);
    expect(await indexStatuses('enrollments_waitlist_idx')).toEqual([WAITLIST_STATUS]);
  });
});
