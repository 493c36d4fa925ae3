import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '@kikstart/db';
import {
  callBookings,
  coachApplications,
  coachRoleRequests,
  demoRequests,
  enquiries,
  enrollments,
  newsletterSubscribers,
  programs,
  schoolRequests,
  transactions,
} from '@kikstart/db';
import {
  DASHBOARD_DAILY_MAX_DAYS,
  DASHBOARD_LEAD_KINDS,
  daysInRange,
  type Dashboard,
  type DashboardLeadKind,
  type DashboardQuery,
} from '@kikstart/contract/admin-dashboard';
import { ENROLLMENT_STATUSES, SEAT_STATUSES, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { addDays, isoWeekday, programToday } from '@kikstart/contract/schedule';
import { inLocalDays, localTimeSql } from '../../lib/local-days.ts';
import { isOneOf } from '../../lib/constant-list.ts';

/**
 * The console home's numbers. Each part is one aggregate query (counts and sums in the
 * database, never rows read into a loop). Days are the operator's days (PROGRAM_TIME_ZONE):
 * the range runs from `from` at local midnight to the midnight after `to`.
 */
export async function dashboard(opts: { db: Db; now: Date; range: DashboardQuery }): Promise<Dashboard> {
  const { db, range } = opts;
  const [byStatus, revenue, fill, leads] = await Promise.all([
    enrollmentsByStatus(db, range),
    revenueSeries(db, range),
    programFill(db, programToday(opts.now)),
    leadsByKind(db, range),
  ]);
  return { from: range.from, to: range.to, enrollments: byStatus, revenue, programs: fill, leads };
}

async function enrollmentsByStatus(db: Db, range: DashboardQuery): Promise<Dashboard['enrollments']> {
  const rows = await db
    .select({ status: enrollments.status, count: count() })
    .from(enrollments)
    .where(inLocalDays(enrollments.createdAt, range))
    .groupBy(enrollments.status);
  const counts = new Map(rows.map((r) => [r.status, r.count]));
  const byStatus = ENROLLMENT_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return { total: byStatus.reduce((sum, s) => sum + s.count, 0), byStatus };
}

async function revenueSeries(db: Db, range: DashboardQuery): Promise<Dashboard['revenue']> {
  const bucket = daysInRange(range.from, range.to) <= DASHBOARD_DAILY_MAX_DAYS ? 'day' : 'week';
  // Money moves when the gateway settles it; a payment recorded as succeeded at once has no settled_at.
  const movedAt = sql`coalesce(${transactions.settledAt}, ${transactions.createdAt})`;
  const localDay = localTimeSql(movedAt);
  const start = sql<string>`to_char(${bucket === 'day' ? localDay : sql`date_trunc('week', ${localDay})`}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      currency: transactions.currency,
      start,
      payments: sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.kind} = 'payment'), 0)::int`,
      refunds: sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.kind} = 'refund'), 0)::int`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 'succeeded'),
        isOneOf(transactions.kind, ['payment', 'refund']),
        inLocalDays(movedAt, range),
      ),
    )
    .groupBy(transactions.currency, start)
    .orderBy(asc(transactions.currency));

  // Every bucket of the range, empty ones at zero, so the chart's time axis has no gaps.
  const starts: string[] = [];
  const first = bucket === 'day' ? range.from : addDays(range.from, 1 - isoWeekday(range.from));
  for (let day = first; day <= range.to; day = addDays(day, bucket === 'day' ? 1 : 7)) starts.push(day);

  const byCurrency = new Map<string, typeof rows>();
  for (const r of rows) byCurrency.set(r.currency, [...(byCurrency.get(r.currency) ?? []), r]);
  const currencies = [...byCurrency].map(([currency, list]) => {
    const net = new Map(list.map((r) => [r.start, r.payments - r.refunds]));
    const paymentsCents = list.reduce((sum, r) => sum + r.payments, 0);
    const refundsCents = list.reduce((sum, r) => sum + r.refunds, 0);
    return {
      currency,
      paymentsCents,
      refundsCents,
      netCents: paymentsCents - refundsCents,
      series: starts.map((s) => ({ start: s, netCents: net.get(s) ?? 0 })),
    };
  });
  return { bucket, currencies };
}

/** Programs not yet over (their last day is today or later), with seats taken and waitlist as they are now. */
async function programFill(db: Db, today: string): Promise<Dashboard['programs']> {
  return db
    .select({
      id: programs.id,
      title: programs.title,
      published: programs.published,
      capacity: programs.capacity,
      seatsTaken: sql<number>`(count(${enrollments.id}) filter (where ${isOneOf(enrollments.status, SEAT_STATUSES)}))::int`,
      waitlist: sql<number>`(count(${enrollments.id}) filter (where ${eq(enrollments.status, WAITLIST_STATUS)}))::int`,
    })
    .from(programs)
    .leftJoin(enrollments, eq(enrollments.programId, programs.id))
    .where(gte(programs.lastDate, today))
    .groupBy(programs.id)
    .orderBy(asc(programs.title), asc(programs.id));
}

async function leadsByKind(db: Db, range: DashboardQuery): Promise<Dashboard['leads']> {
  type LeadTable =
    | typeof demoRequests
    | typeof callBookings
    | typeof schoolRequests
    | typeof coachApplications
    | typeof coachRoleRequests
    | typeof newsletterSubscribers;
  const countOf = (kind: DashboardLeadKind, table: LeadTable) =>
    db
      .select({ kind: sql<string>`${kind}::text`.as('kind'), count: count() })
      .from(table as typeof demoRequests)
      .where(inLocalDays(table.createdAt, range));
  const rows = await unionAll(
    countOf('demo_request', demoRequests),
    countOf('call_booking', callBookings),
    countOf('school_request', schoolRequests),
    // Enquiries and contact messages share a table; its kind column tells them apart.
    db
      .select({ kind: sql<string>`${enquiries.kind}::text`.as('kind'), count: count() })
      .from(enquiries)
      .where(inLocalDays(enquiries.createdAt, range))
      .groupBy(enquiries.kind),
    countOf('coach_application', coachApplications),
    countOf('coach_access', coachRoleRequests),
    countOf('newsletter', newsletterSubscribers),
  );
  const counts = new Map(rows.map((r) => [r.kind, Number(r.count)]));
  const byKind = DASHBOARD_LEAD_KINDS.map((kind) => ({ kind, count: counts.get(kind) ?? 0 }));
  return { total: byKind.reduce((sum, k) => sum + k.count, 0), byKind };
}
