import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  auditLog,
  callBookings,
  coachRoleRequests,
  demoRequests,
  enquiries,
  enrollments,
  transactions,
} from '@kikstart/db';
import { DASHBOARD_MESSAGES, type Dashboard } from '@kikstart/contract/admin-dashboard';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { createProgram, enroll } from '../../../test/enrollment-fixtures.ts';
import { payingFamily } from '../../../test/payment-fixtures.ts';

const t = useTestApp();

const get = (query: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/admin/dashboard${query}`, headers });
const admin = () => createUserWithSession(t, { role: 'admin' });

async function dashboardFor(query: string) {
  const res = await get(query, (await admin()).headers);
  expect(res.statusCode, res.body).toBe(200);
  return body<Dashboard>(res).data;
}
const leadCount = (d: Dashboard, kind: string) => d.leads.byKind.find((k) => k.kind === kind)?.count;
const statusCount = (d: Dashboard, status: string) => d.enrollments.byStatus.find((s) => s.status === status)?.count;

describe('GET /api/admin/dashboard', () => {
  it('is for admins only: anonymous 401, parent and coach 403', async () => {
    expect((await get('?from=2026-01-01&to=2026-01-31', {})).statusCode).toBe(401);
    for (const role of ['parent', 'coach'] as const) {
      const who = await createUserWithSession(t, { role });
      expect((await get('?from=2026-01-01&to=2026-01-31', who.headers)).statusCode).toBe(403);
    }
  });

  it.each([
    ['', 'from', DASHBOARD_MESSAGES.fromRequired],
    ['?from=2026-01-01', 'to', DASHBOARD_MESSAGES.toRequired],
    ['?from=2026-02-30&to=2026-03-01', 'from', DASHBOARD_MESSAGES.dayFormat],
    ['?from=2026-1-1&to=2026-03-01', 'from', DASHBOARD_MESSAGES.dayFormat],
    ["?from=2026-01-01'%3B%20drop%20table%20users--&to=2026-03-01", 'from', DASHBOARD_MESSAGES.dayFormat],
    [`?from=${'2'.repeat(5000)}&to=2026-03-01`, 'from', DASHBOARD_MESSAGES.dayFormat],
    ['?from=2026-01-01&from=2026-01-02&to=2026-03-01', 'from', undefined],
    ['?from=2026-03-02&to=2026-03-01', 'to', DASHBOARD_MESSAGES.order],
    ['?from=2024-01-01&to=2026-01-01', 'to', DASHBOARD_MESSAGES.tooLong],
  ])('refuses %s with 400, a code and the field named', async (query, field, message) => {
    const res = await get(query, (await admin()).headers);
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.errors[field]).toBeTypeOf('string');
    if (message) expect(answer.errors[field]).toBe(message);
  });

  it('takes a range of exactly two years (731 days)', async () => {
    const d = await dashboardFor('?from=2024-01-01&to=2025-12-31');
    expect(d.revenue.bucket).toBe('week');
  });

  it("counts enrollments, leads and revenue inside the operator's days only (local midnight, not UTC)", async () => {
    const family = await payingFamily(t, 1);
    const program = await createProgram(t);
    expect((await enroll(t, family.headers, family.children[0]!, program.id)).statusCode).toBe(200);
    // 2031-03-01 starts at 08:00 UTC in Los Angeles (standard time): 07:59 UTC is still February there.
    const inside = new Date('2031-03-01T08:00:00Z');
    const before = new Date('2031-03-01T07:59:59Z');
    const lastMoment = new Date('2031-03-11T06:59:59Z'); // 2031-03-10 23:59:59 PDT (DST began on the 9th)
    await t.db.update(enrollments).set({ createdAt: inside }).where(eq(enrollments.programId, program.id));
    const lead = { fullName: 'Mia Chen', phone: '415-555-0100', schoolName: 'Lincoln Elementary School' };
    await t.db.insert(demoRequests).values([
      { ...lead, schoolAddress: '1 School Rd', date: '2031-03-20', time: '10:00', createdAt: inside },
      { ...lead, schoolAddress: '1 School Rd', date: '2031-03-20', time: '10:00', createdAt: before },
    ]);
    await t.db.insert(callBookings).values({ ...lead, notes: '', bestTimeToCall: 'Mornings', createdAt: lastMoment });
    await t.db.insert(enquiries).values([
      { kind: 'contact', name: 'Mia', email: 'mia@example.com', subject: 'Hi', message: 'Hello', createdAt: inside },
      { kind: 'enquiry', name: 'Mia', email: 'mia@example.com', subject: 'Hi', message: 'Hello', createdAt: inside },
      { kind: 'enquiry', name: 'Mia', email: 'mia@example.com', subject: 'Hi', message: 'Hello', createdAt: inside },
    ]);
    await t.db.insert(coachRoleRequests).values({ userId: family.userId, message: 'I coach', createdAt: inside });
    const money = { currency: 'usd', description: 'Test', familyId: family.familyId };
    const day2 = new Date('2031-03-02T20:00:00Z');
    await t.db.insert(transactions).values([
      { ...money, kind: 'payment', status: 'succeeded', amountCents: 5000, createdAt: day2 },
      { ...money, kind: 'payment', status: 'succeeded', amountCents: 2500, createdAt: before },
      { ...money, kind: 'payment', status: 'pending', amountCents: 9900, createdAt: day2 },
      { ...money, kind: 'failed', status: 'failed', amountCents: 9900, createdAt: day2 },
      // A refund asked for before the range counts on the day the gateway settled it.
      { ...money, kind: 'refund', status: 'succeeded', amountCents: 1500, createdAt: before, settledAt: day2 },
      { ...money, kind: 'payment', status: 'succeeded', amountCents: 700, createdAt: lastMoment },
    ]);

    const d = await dashboardFor('?from=2031-03-01&to=2031-03-10');
    expect(d.enrollments.total).toBe(1);
    expect(statusCount(d, 'pending_payment')).toBe(1);
    expect(d.enrollments.byStatus).toHaveLength(7);
    expect(leadCount(d, 'demo_request')).toBe(1);
    expect(leadCount(d, 'call_booking')).toBe(1);
    expect(leadCount(d, 'contact')).toBe(1);
    expect(leadCount(d, 'enquiry')).toBe(2);
    expect(leadCount(d, 'coach_access')).toBe(1);
    expect(leadCount(d, 'newsletter')).toBe(0);
    expect(d.leads.total).toBe(6);
    expect(d.revenue.bucket).toBe('day');
    expect(d.revenue.currencies).toEqual([
      expect.objectContaining({ currency: 'usd', paymentsCents: 5700, refundsCents: 1500, netCents: 4200 }),
    ]);
    const series = d.revenue.currencies[0]!.series;
    expect(series.map((s) => s.start)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2031-03-${String(i + 1).padStart(2, '0')}`),
    );
    expect(series[1]).toEqual({ start: '2031-03-02', netCents: 3500 });
    expect(series[9]).toEqual({ start: '2031-03-10', netCents: 700 });

    // The day before the range holds what was left out.
    const dayBefore = await dashboardFor('?from=2031-02-28&to=2031-02-28');
    expect(leadCount(dayBefore, 'demo_request')).toBe(1);
    expect(dayBefore.revenue.currencies[0]).toMatchObject({ paymentsCents: 2500, refundsCents: 0 });
  });

  it('buckets a long range by week, starting on the Monday of the first week, with empty weeks at zero', async () => {
    const d = await dashboardFor('?from=2032-01-01&to=2032-03-31');
    expect(d.revenue.bucket).toBe('week');
    expect(d.revenue.currencies).toEqual([]);
    const admin2 = await admin();
    await t.db.insert(transactions).values({
      currency: 'usd',
      description: 'Test',
      kind: 'payment',
      status: 'succeeded',
      amountCents: 1200,
      createdAt: new Date('2032-01-07T18:00:00Z'),
    });
    const res = await get('?from=2032-01-01&to=2032-03-31', admin2.headers);
    const series = body<Dashboard>(res).data.revenue.currencies[0]!.series;
    // 2032-01-01 is a Thursday: its week starts Monday 2031-12-29.
    expect(series[0]).toEqual({ start: '2031-12-29', netCents: 0 });
    expect(series[1]).toEqual({ start: '2032-01-05', netCents: 1200 });
    expect(series.at(-1)!.start).toBe('2032-03-29');
  });

  it('shows current fill and waitlist per program not yet over, whatever the range', async () => {
    const program = await createProgram(t, { capacity: 2, title: 'Aaa Dashboard Fill Test' });
    const ended = await createProgram(t, { firstDate: '2020-01-06', lastDate: '2020-02-03', title: 'Aaa Ended' });
    const family = await payingFamily(t, 3);
    for (const child of family.children) {
      const res = await enroll(t, family.headers, child, program.id, { joinWaitlist: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    const d = await dashboardFor('?from=2020-01-01&to=2020-01-02');
    expect(d.programs.find((p) => p.id === program.id)).toEqual({
      id: program.id,
      title: 'Aaa Dashboard Fill Test',
      published: true,
      capacity: 2,
      seatsTaken: 2,
      waitlist: 1,
    });
    expect(d.programs.some((p) => p.id === ended.id)).toBe(false);
    // The seeded catalog is there too, in title order.
    expect(d.programs.length).toBeGreaterThan(1);
    const titles = d.programs.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
  });

  it('is a read: it writes nothing to the audit log', async () => {
    const a = await admin();
    await get('?from=2026-01-01&to=2026-01-31', a.headers);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.actorId, [a.userId])),
    ).toEqual([]);
  });
});
