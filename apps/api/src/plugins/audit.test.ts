import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '@kikstart/db';
import { addAuditSubjects, auditFailureFields } from './audit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUserWithSession } from '../../test/user-fixtures.ts';
import { requireUser } from './auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A probe standing in for a staff read of medical data (rosters and family pages mark theirs the same way).
    app.get(
      '/api/probe/children/:childId/medical',
      { onRequest: requireUser(), config: { audit: 'medical-read' } },
      async (request) => {
        addAuditSubjects(request, { childIds: ['c-1', 'c-2'] });
        return { status: 200, message: 'OK', data: null };
      },
    );
  });
});
afterAll(() => t.close());

const entriesOf = (actorId: string) => t.db.select().from(auditLog).where(eq(auditLog.actorId, actorId));
const markReceived = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/payments/mark-received',
    headers,
    payload: { checkoutId: '00000000-0000-4000-8000-000000000000', amountCents: 100, method: 'cash' },
  });

describe('audit log', () => {
  it('records a staff write with who, what, when, where and the answer, refused or not', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const res = await markReceived(admin.headers);
    expect(res.statusCode).toBe(404);
    const [entry] = await entriesOf(admin.userId);
    expect(entry).toMatchObject({
      action: 'POST /api/admin/payments/mark-received',
      status: 404,
      ip: '127.0.0.1',
      subjectIds: {},
    });
    expect(entry!.at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a coach refused on an admin route is recorded; a parent is not staff and is not', async () => {
    const coach = await createUserWithSession(t, { role: 'coach' });
    const parent = await createUserWithSession(t);
    expect((await markReceived(coach.headers)).statusCode).toBe(403);
    expect((await markReceived(parent.headers)).statusCode).toBe(403);
    expect(await entriesOf(coach.userId)).toMatchObject([{ status: 403 }]);
    expect(await entriesOf(parent.userId)).toEqual([]);
  });

  it("records a staff read of medical data with the route's ids and the children read, never a parent's", async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await createUserWithSession(t);
    for (const who of [admin, parent]) {
      const res = await t.app.inject({ url: '/api/probe/children/c-1/medical', headers: who.headers });
      expect(res.statusCode).toBe(200);
    }
    expect(await entriesOf(admin.userId)).toMatchObject([
      {
        action: 'GET /api/probe/children/:childId/medical',
        subjectIds: { childId: 'c-1', childIds: ['c-1', 'c-2'] },
        status: 200,
      },
    ]);
    expect(await entriesOf(parent.userId)).toEqual([]);
  });

  it('nobody edits or deletes an entry, not even through the database', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    await markReceived(admin.headers);
    await expect(
      t.db.update(auditLog).set({ status: 200 }).where(eq(auditLog.actorId, admin.userId)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.actorId, admin.userId))).rejects.toThrow();
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.userId))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('a NUL in a staff route’s path parameter is recorded, not dropped', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons/%00evil%01/deactivate?email=parent%40family.example',
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(await entriesOf(admin.userId)).toMatchObject([
      { action: 'POST /api/admin/coupons/:id/deactivate', subjectIds: { id: '\ufffdevil\ufffd' }, status: 400 },
    ]);
  });

  it('a failed entry’s log line carries no parameter values', async () => {
    const secret = 'parent@family.example';
    const err = await t.db.execute(sql`select ${secret}::uuid`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message) + String((err as { cause?: Error }).cause?.message)).toContain(secret);
    const fields = auditFailureFields(err);
    expect(fields).toMatchObject({ db: { code: '22P02' } });
    expect(JSON.stringify(fields)).not.toContain(secret);
  });
});
