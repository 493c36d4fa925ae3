import { describe, expect, it } from 'vitest';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { auditLog, children, users } from '@kikstart/db';
import { ADMIN_ACCOUNT_MESSAGES, type AccountStatus } from '@kikstart/contract/admin-families';
import { AUTH_MESSAGES, type ResetCodeResult } from '@kikstart/contract/auth';
import { body, errorEnvelope, useTestApp } from '../../../test/test-app.ts';
import {
  STRONG_PASSWORD,
  createUserWithSession,
  mailsTo,
  post,
  uniqueEmail,
  verifiedParent,
} from '../../../test/user-fixtures.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { setStaffRole } from './staff-roles.service.ts';

const t = useTestApp();

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const putRoles = (headers: Record<string, string>, userId: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/roles`, headers, payload: payload as never });
const action = (headers: Record<string, string>, userId: string, what: 'deactivate' | 'reactivate') =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/${what}`, headers });
const profile = (headers: Record<string, string>) => t.app.inject({ url: '/api/user/profile', headers });
const signin = (email: string, password: string) => post(t, '/api/user/signin', { email, password });

/** Leaves `keep` the only active admin (other test accounts and the seeded admin lose the role). */
async function onlyAdmin(keep: string[]) {
  await t.db
    .update(users)
    .set({ staffRoles: sql`array_remove(${users.staffRoles}, 'admin')` })
    .where(and(sql`${users.id} <> all(${sql.raw(`array[${keep.map((id) => `'${id}'::uuid`).join(',')}]`)})`));
}
const activeAdmins = () =>
  t.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.staffRoles})`, isNull(users.deactivatedAt)));

describe('PUT /api/admin/users/:userId/roles', () => {
  it('adds the coach role to a parent, who keeps their family and children; the change is audited', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await createUserWithSession(t);
    await t.db.insert(children).values({
      familyId: parent.familyId!,
      firstName: 'Ada',
      lastName: 'Stone',
      dateOfBirth: '2016-04-02',
      grade: 3,
      allergies: 2,
      emergencyContacts: [{ name: 'Sam Stone', relation: 'Uncle', phone: '4155550100' }],
      photoConsent: 1,
    });
    const res = await putRoles(admin.headers, parent.userId, { coach: true, admin: false });
    expect(res.statusCode).toBe(200);
    expect(body<AccountStatus>(res)).toMatchObject({
      message: ADMIN_ACCOUNT_MESSAGES.rolesSaved,
      data: { userId: parent.userId, roles: ['parent', 'coach'], deactivatedAt: null },
    });
    // The parent's open session has the new role at once and still reaches the family's children.
    expect(body<{ roles: string[] }>(await profile(parent.headers)).data.roles).toEqual(['parent', 'coach']);
    const kids = await t.app.inject({ url: '/api/children/list', headers: parent.headers });
    expect(body<{ firstName: string }[]>(kids).data.map((c) => c.firstName)).toEqual(['Ada']);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.userId));
    expect(entry).toMatchObject({
      action: 'PUT /api/admin/users/:userId/roles',
      subjectIds: { userId: parent.userId },
      status: 200,
    });

    const back = await putRoles(admin.headers, parent.userId, { coach: false, admin: false });
    expect(body<AccountStatus>(back).data.roles).toEqual(['parent']);
  });

  it('makes another account an admin, then that admin can remove the first one’s admin role', async () => {
    const first = await createUserWithSession(t, { role: 'admin' });
    const coach = await createUserWithSession(t, { role: 'coach' });
    const promoted = await putRoles(first.headers, coach.userId, { coach: true, admin: true });
    expect(body<AccountStatus>(promoted).data.roles).toEqual(['coach', 'admin']);
    const demoted = await putRoles(coach.headers, first.userId, { coach: false, admin: false });
    expect(demoted.statusCode).toBe(200);
    expect(body<AccountStatus>(demoted).data.roles).toEqual([]);
    // The demoted admin's session is no longer an admin's.
    expect((await putRoles(first.headers, coach.userId, { coach: true, admin: true })).statusCode).toBe(403);
  });

  it('answers 400 with field messages for a missing, malformed, oversized or hostile body, and stores nothing', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await createUserWithSession(t);
    const bodies: unknown[] = [
      undefined,
      {},
      { coach: true },
      { coach: 'yes', admin: false },
      { coach: 1, admin: 0 },
      ['coach'],
      { coach: true, admin: false, staffRoles: ['admin'] },
      { coach: 'x'.repeat(100_000), admin: true },
    ];
    for (const payload of bodies) {
      const res = await putRoles(admin.headers, parent.userId, payload);
      // The extra staffRoles key is dropped by the schema, never stored.
      if (res.statusCode === 200) expect(body<AccountStatus>(res).data.roles).toEqual(['parent', 'coach']);
      else {
        expect([400, 413], JSON.stringify(payload)?.slice(0, 60)).toContain(res.statusCode);
        expect(body(res).code).toMatch(/^(VALIDATION_FAILED|EMPTY_BODY|INVALID_JSON|BAD_REQUEST|BODY_TOO_LARGE)$/);
      }
    }
    const [row] = await t.db.select({ staffRoles: users.staffRoles }).from(users).where(eq(users.id, parent.userId));
    expect(row!.staffRoles).not.toContain('admin');
    const missing = await putRoles(admin.headers, parent.userId, { admin: true });
    expect(body(missing).errors).toHaveProperty('coach');
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const res = await putRoles(admin.headers, UNKNOWN_ID, { coach: true, admin: false });
    expect(body(res)).toEqual(errorEnvelope('NOT_FOUND', ADMIN_ACCOUNT_MESSAGES.userNotFound));
    for (const id of ['not-a-uuid', "1' or '1'='1", '%00']) {
      expect((await putRoles(admin.headers, encodeURIComponent(id), { coach: true, admin: false })).statusCode).toBe(
        400,
      );
    }
  });

  it('refuses parents and coaches (403) and signed-out callers (401)', async () => {
    const parent = await createUserWithSession(t);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await putRoles(parent.headers, parent.userId, { coach: true, admin: true })).statusCode).toBe(403);
    expect((await putRoles(coach.headers, coach.userId, { coach: true, admin: true })).statusCode).toBe(403);
    expect((await putRoles({}, parent.userId, { coach: true, admin: true })).statusCode).toBe(401);
  });

  it('setStaffRole (the coach-access approval) adds one role and leaves the others', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const status = await setStaffRole({
      db: t.db,
      now: t.clock.now(),
      userId: admin.userId,
      role: 'coach',
      held: true,
    });
    expect(status.roles).toEqual(['coach', 'admin']);
  });
});

describe('POST /api/admin/users/:userId/deactivate and /reactivate', () => {
  it('ends the account’s sessions at once; sign-in says so only after the right password; reactivating lets it in', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const email = uniqueEmail();
    const parent = await createUserWithSession(t, { email, passwordHash: await hashPassword(STRONG_PASSWORD) });
    expect((await profile(parent.headers)).statusCode).toBe(200);

    const res = await action(admin.headers, parent.userId, 'deactivate');
    expect(res.statusCode).toBe(200);
    expect(body<AccountStatus>(res)).toMatchObject({
      message: ADMIN_ACCOUNT_MESSAGES.deactivated,
      data: { userId: parent.userId, deactivatedAt: expect.any(String) },
    });
    expect((await profile(parent.headers)).statusCode).toBe(401);

    // A wrong password gets the same answer as for any account; the right one learns why.
    expect(body(await signin(email, 'Wrong-password-99'))).toEqual(
      errorEnvelope('UNAUTHORIZED', AUTH_MESSAGES.signinWrong),
    );
    expect(body(await signin(email, STRONG_PASSWORD))).toEqual(
      errorEnvelope('ACCOUNT_DEACTIVATED', AUTH_MESSAGES.signinDeactivated),
    );
    // Twice is harmless (a double click).
    expect((await action(admin.headers, parent.userId, 'deactivate')).statusCode).toBe(200);

    const back = await action(admin.headers, parent.userId, 'reactivate');
    expect(body<AccountStatus>(back)).toMatchObject({
      message: ADMIN_ACCOUNT_MESSAGES.reactivated,
      data: { deactivatedAt: null },
    });
    // The old session stays ended; a new sign-in works.
    expect((await profile(parent.headers)).statusCode).toBe(401);
    expect((await signin(email, STRONG_PASSWORD)).statusCode).toBe(200);

    const actions = await t.db
      .select({ action: auditLog.action, subjects: auditLog.subjectIds })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.userId));
    expect(actions.map((a) => a.action)).toEqual([
      'POST /api/admin/users/:userId/deactivate',
      'POST /api/admin/users/:userId/deactivate',
      'POST /api/admin/users/:userId/reactivate',
    ]);
  });

  it('a session that outlived its revocation (made after deactivation) is refused all the same', async () => {
    const parent = await createUserWithSession(t);
    await t.db.update(users).set({ deactivatedAt: t.clock.now() }).where(eq(users.id, parent.userId));
    // The session row is live (not revoked): findSessionUser refuses it for the account's sake.
    expect((await profile(parent.headers)).statusCode).toBe(401);
  });

  it('a password reset of a deactivated account does not sign it in', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await verifiedParent(t);
    await action(admin.headers, parent.userId, 'deactivate');
    await post(t, '/api/user/forgetPassword', { email: parent.email });
    const mail = (await mailsTo(t, parent.email)).find((m) => m.subject.includes('reset code'))!;
    const code = new URL(mail.links.find((l) => l.includes('/auth/reset-password'))!).searchParams.get('code')!;
    const verified = await post(t, '/api/user/forgetPassword/account-verify', { email: parent.email, code });
    const token = body<ResetCodeResult>(verified).data.token;
    const newPassword = 'Green-harbor-lamp-77';
    const reset = await post(t, '/api/user/forgetPassword/changePassword', { token, password: newPassword });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).not.toMatch(/"token"/);
    expect(body(await signin(parent.email, newPassword)).code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('answers 404 for an unknown account, 400 for a malformed id, 403 for a parent', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const parent = await createUserWithSession(t);
    expect(body(await action(admin.headers, UNKNOWN_ID, 'deactivate'))).toEqual(
      errorEnvelope('NOT_FOUND', ADMIN_ACCOUNT_MESSAGES.userNotFound),
    );
    expect((await action(admin.headers, UNKNOWN_ID, 'reactivate')).statusCode).toBe(404);
    expect((await action(admin.headers, 'x'.repeat(60), 'deactivate')).statusCode).toBe(400);
    expect((await action(parent.headers, admin.userId, 'deactivate')).statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.userId));
    expect(row!.deactivatedAt).toBeNull();
  });
});

describe('the last active admin', () => {
  it('cannot remove their own admin role or deactivate themselves (409); a deactivated admin does not count', async () => {
    const last = await createUserWithSession(t, { role: 'admin' });
    const gone = await createUserWithSession(t, { role: 'admin' });
    await action(last.headers, gone.userId, 'deactivate');
    await onlyAdmin([last.userId, gone.userId]);
    expect(body(await putRoles(last.headers, last.userId, { coach: true, admin: false }))).toEqual(
      errorEnvelope('LAST_ADMIN', ADMIN_ACCOUNT_MESSAGES.lastAdmin),
    );
    expect(body(await action(last.headers, last.userId, 'deactivate'))).toEqual(
      errorEnvelope('LAST_ADMIN', ADMIN_ACCOUNT_MESSAGES.lastAdmin),
    );
    // Nothing changed, and the refusal is in the audit log too.
    expect(await activeAdmins()).toEqual([{ id: last.userId }]);
    expect((await profile(last.headers)).statusCode).toBe(200);
    const refused = await t.db
      .select({ status: auditLog.status })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, last.userId), ne(auditLog.status, 200)));
    expect(refused.map((r) => r.status)).toEqual([409, 409]);
    // Other roles of the last admin still change.
    expect(
      body<AccountStatus>(await putRoles(last.headers, last.userId, { coach: true, admin: true })).data.roles,
    ).toEqual(['coach', 'admin']);
  });

  it('two admins removing each other at once: one wins, the other is refused, an admin remains (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createUserWithSession(t, { role: 'admin' });
      const b = await createUserWithSession(t, { role: 'admin' });
      await onlyAdmin([a.userId, b.userId]);
      const answers = await Promise.all([
        putRoles(a.headers, b.userId, { coach: false, admin: false }),
        action(b.headers, a.userId, 'deactivate'),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser is refused by the rule (409) or, when the winner committed first, by its guard (403 or 401).
      expect([401, 403, 409]).toContain(statuses[1]);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });
});
