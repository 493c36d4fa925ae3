import { describe, expect, it } from 'vitest';
import { auditLog } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AuditEntry } from '@kikstart/contract/admin-audit';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';

const t = useTestApp();

const list = (query: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/admin/audit-log${query}`, headers });

async function page(query: string, headers: Record<string, string>) {
  const res = await list(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return body<AdminPage<AuditEntry>>(res).data;
}

/** A staff write through the real app (refused with 404: the checkout does not exist), so the audit plugin records it. */
const markReceived = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/payments/mark-received',
    headers,
    payload: { checkoutId: '00000000-0000-4000-8000-000000000000', amountCents: 100, method: 'cash' },
  });

describe('GET /api/admin/audit-log', () => {
  it('is for admins only: anonymous 401, parent and coach 403', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    for (const role of ['parent', 'coach'] as const) {
      const who = await createUserWithSession(t, { role });
      expect((await list('', who.headers)).statusCode).toBe(403);
    }
  });

  it('shows a write just made, newest first, with who, what, ids, status and address', async () => {
    const admin = await createUserWithSession(t, { role: 'admin', firstName: 'Grace', lastName: 'Okafor' });
    await markReceived(admin.headers);
    const data = await page('', admin.headers);
    expect(data.items[0]).toMatchObject({
      actorId: admin.userId,
      actorName: 'Grace Okafor',
      actorEmail: admin.email,
      action: 'POST /api/admin/payments/mark-received',
      subjectIds: {},
      status: 404,
      ip: '127.0.0.1',
    });
    // Reading the log is not itself a write: the list did not add an entry.
    expect((await page('', admin.headers)).total).toBe(data.total);
  });

  it('filters by actor (name, email or id), action text and days, and pages on the server', async () => {
    const a = await createUserWithSession(t, { role: 'admin', firstName: 'Ruth', lastName: 'Filtering' });
    const b = await createUserWithSession(t, { role: 'admin', firstName: 'Other', lastName: 'Admin' });
    await markReceived(a.headers);
    await markReceived(a.headers);
    await markReceived(b.headers);
    // Entries on both sides of local midnight (Los Angeles, standard time: 08:00 UTC).
    await t.db.insert(auditLog).values([
      {
        at: new Date('2030-01-10T07:59:00Z'),
        actorId: a.userId,
        action: 'PATCH /api/admin/programs/:programId',
        subjectIds: { programId: 'p-1' },
        status: 200,
        ip: '10.0.0.1',
      },
      {
        at: new Date('2030-01-10T08:00:00Z'),
        actorId: a.userId,
        action: 'DELETE /api/admin/coupons/:couponId',
        subjectIds: { couponId: 'c-1' },
        status: 200,
        ip: '10.0.0.2',
      },
    ]);

    expect((await page('?actor=ruth%20filtering', a.headers)).total).toBe(4);
    expect((await page(`?actor=${encodeURIComponent(b.email)}`, a.headers)).total).toBe(1);
    expect((await page(`?actor=${b.userId}`, a.headers)).total).toBe(1);
    const byAction = await page(`?actor=${a.userId}&q=coupons`, a.headers);
    expect(byAction.items.map((i) => i.subjectIds)).toEqual([{ couponId: 'c-1' }]);
    const day = await page(`?actor=${a.userId}&from=2030-01-10&to=2030-01-10`, a.headers);
    expect(day.items.map((i) => i.ip)).toEqual(['10.0.0.2']);
    expect((await page(`?actor=${a.userId}&from=2030-01-01&to=2030-01-09`, a.headers)).items.map((i) => i.ip)).toEqual([
      '10.0.0.1',
    ]);

    const first = await page(`?actor=${a.userId}&pageSize=10&sort=at`, a.headers);
    expect(first.items.map((i) => i.ip).slice(-2)).toEqual(['10.0.0.1', '10.0.0.2']);
    const newest = await page(`?actor=${a.userId}&pageSize=10`, a.headers);
    expect(newest.items.map((i) => i.ip).slice(0, 2)).toEqual(['10.0.0.2', '10.0.0.1']);
    expect((await page(`?actor=${a.userId}&page=2&pageSize=10`, a.headers)).items).toEqual([]);
  });

  it('takes % and _ in searches literally', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    expect((await page('?q=%25', admin.headers)).total).toBe(0);
    expect((await page('?actor=_', admin.headers)).total).toBe(0);
  });

  it.each([
    ['?sort=ip', 'sort'],
    ['?pageSize=7', 'pageSize'],
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    [`?q=${'x'.repeat(101)}`, 'q'],
    [`?actor=${'x'.repeat(101)}`, 'actor'],
    ['?from=yesterday', 'from'],
    ['?from=2030-02-31', 'from'],
    ['?from=2030-02-02&to=2030-02-01', 'to'],
  ])('refuses %s with 400, a code and the field named', async (query, field) => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const res = await list(query, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors[field]).toBeTypeOf('string');
  });

  it('has no route that edits or deletes an entry', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/admin/audit-log', headers: admin.headers, payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });
});
