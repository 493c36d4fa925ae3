import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '@kikstart/db';
import { ADMIN_ACCOUNT_MESSAGES, type AdminAccountRow, type AdminFamily } from '@kikstart/contract/admin-families';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { body, errorEnvelope, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession, demoSession } from '../../../test/user-fixtures.ts';
import { addChild } from '../../../test/enrollment-fixtures.ts';

const t = useTestApp();

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const list = (headers: Record<string, string>, query = '') =>
  t.app.inject({ url: `/api/admin/families${query}`, headers });
const detail = (headers: Record<string, string>, familyId: string) =>
  t.app.inject({ url: `/api/admin/families/${familyId}`, headers });
const emails = (res: Awaited<ReturnType<typeof list>>) =>
  body<AdminPage<AdminAccountRow>>(res).data.items.map((r) => r.email);

describe('GET /api/admin/families', () => {
  it('finds the demo parent by name, email, phone digits and a child’s name, with the children listed', async () => {
    const admin = await demoSession(t, 'admin');
    for (const q of ['priya sha', 'PARENT@kikstart', '(415) 555-01', 'arjun']) {
      const res = await list(admin.headers, `?q=${encodeURIComponent(q)}&kind=families`);
      expect(res.statusCode, q).toBe(200);
      expect(emails(res), q).toContain('parent@kikstart.example');
    }
    const [row] = body<AdminPage<AdminAccountRow>>(await list(admin.headers, '?q=priya')).data.items;
    expect(row).toMatchObject({ name: 'Priya Shah', roles: ['parent'], deactivatedAt: null });
    expect(row!.children.sort()).toEqual(['Arjun Shah', 'Maya Shah']);
  });

  it('lists each account with its own family’s children, and a child’s name finds only that family', async () => {
    const admin = await demoSession(t, 'admin');
    const parent = await createUserWithSession(t, { lastName: 'Quill' });
    await addChild(t, parent.headers, { firstName: 'Zephyrine', lastName: 'Quill' });
    const found = body<AdminPage<AdminAccountRow>>(await list(admin.headers, '?q=zephyrine')).data;
    expect(found.items.map((r) => [r.userId, r.children])).toEqual([[parent.userId, ['Zephyrine Quill']]]);
    const [demo] = body<AdminPage<AdminAccountRow>>(await list(admin.headers, '?q=parent@kikstart')).data.items;
    expect(demo!.children.sort()).toEqual(['Arjun Shah', 'Maya Shah']);
  });

  it('the staff filter finds staff accounts without a family; families leaves them out', async () => {
    const admin = await demoSession(t, 'admin');
    const staff = emails(await list(admin.headers, '?kind=staff&pageSize=100'));
    expect(staff).toEqual(expect.arrayContaining(['admin@kikstart.example', 'coach@kikstart.example']));
    expect(staff).not.toContain('parent@kikstart.example');
    const familiesOnly = emails(await list(admin.headers, '?kind=families&pageSize=100'));
    expect(familiesOnly).not.toContain('coach@kikstart.example');
  });

  it('pages and sorts on the server', async () => {
    const admin = await demoSession(t, 'admin');
    for (let i = 0; i < 3; i++) await createUserWithSession(t, { lastName: `Paging${i}`, firstName: 'Zed' });
    const first = body<AdminPage<AdminAccountRow>>(await list(admin.headers, '?q=paging&pageSize=10&sort=-name')).data;
    expect(first.total).toBe(3);
    expect(first.items.map((r) => r.name)).toEqual(['Zed Paging2', 'Zed Paging1', 'Zed Paging0']);
    const second = body<AdminPage<AdminAccountRow>>(await list(admin.headers, '?q=paging&pageSize=10&page=2')).data;
    expect(second).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('takes % and _ literally and answers 400 with a code for malformed or oversized queries', async () => {
    const admin = await demoSession(t, 'admin');
    expect(body<AdminPage<AdminAccountRow>>(await list(admin.headers, '?q=%25')).data.total).toBe(0);
    expect(body<AdminPage<AdminAccountRow>>(await list(admin.headers, '?q=_')).data.total).toBe(0);
    expect(body(await list(admin.headers, "?q=' or 1=1 --")).data).toMatchObject({ total: 0 });
    for (const query of ['?pageSize=7', '?page=0', '?sort=password', '?kind=everyone', `?q=${'a'.repeat(101)}`]) {
      const res = await list(admin.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses parents and coaches (403) and signed-out callers (401)', async () => {
    const parent = await createUserWithSession(t);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await list(parent.headers)).statusCode).toBe(403);
    expect((await list(coach.headers)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });
});

describe('GET /api/admin/families/:familyId', () => {
  it('answers guardians, children with medical details, enrollments, payments and plan; the read is audited', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await demoSession(t, 'parent');
    const res = await detail(admin.headers, parent.familyId!);
    expect(res.statusCode).toBe(200);
    const family = body<AdminFamily>(res).data;
    expect(family.guardians.map((g) => g.email)).toEqual(['parent@kikstart.example']);
    expect(family.children.map((c) => c.firstName).sort()).toEqual(['Arjun', 'Maya']);
    expect(family.children[0]).toHaveProperty('emergencyContacts');
    expect(family.enrollments.length).toBeGreaterThan(0);
    expect(family.enrollments[0]).toMatchObject({
      childName: expect.stringMatching(/Shah$/),
      status: expect.any(String),
    });
    expect(Array.isArray(family.transactions)).toBe(true);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.userId), eq(auditLog.action, 'GET /api/admin/families/:familyId')));
    expect(entry!.subjectIds).toEqual({
      familyId: parent.familyId,
      childIds: family.children.map((c) => c.id),
    });
    // Ids only: no medical text in the log.
    expect(JSON.stringify(entry)).not.toContain(family.children[0]!.emergencyContacts[0]?.name ?? '§');
  });

  it('shows a new family’s child and deactivated guardian', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await createUserWithSession(t);
    await addChild(t, parent.headers, { firstName: 'Noor' });
    await t.db.update(users).set({ deactivatedAt: t.clock.now() }).where(eq(users.id, parent.userId));
    const family = body<AdminFamily>(await detail(admin.headers, parent.familyId!)).data;
    expect(family.children.map((c) => c.firstName)).toEqual(['Noor']);
    expect(family.guardians[0]!.deactivatedAt).not.toBeNull();
    expect(family).toMatchObject({ enrollments: [], transactions: [], membership: null });
  });

  it('answers 404 for an unknown family, 400 for a malformed id, 403 for a parent (even their own family)', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await createUserWithSession(t);
    expect(body(await detail(admin.headers, UNKNOWN_ID))).toEqual(
      errorEnvelope('NOT_FOUND', ADMIN_ACCOUNT_MESSAGES.familyNotFound),
    );
    for (const id of ['nope', encodeURIComponent("' or 1=1 --"), 'x'.repeat(60)]) {
      const res = await detail(admin.headers, id);
      expect(res.statusCode, id).toBe(400);
      expect(body(res).code).toBe('VALIDATION_FAILED');
    }
    expect((await detail(parent.headers, parent.familyId!)).statusCode).toBe(403);
  });
});
