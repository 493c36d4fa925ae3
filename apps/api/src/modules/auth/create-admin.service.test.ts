import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '@kikstart/db';
import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import { body, useTestApp } from '../../../test/test-app.ts';
import {
  STRONG_PASSWORD,
  liveSessionCount,
  post,
  signupViaApi,
  uniqueEmail,
  userByEmail,
} from '../../../test/user-fixtures.ts';
import { createSession } from './sessions.service.ts';
import { DetailsNeededError, grantAdmin, grantFirstAdmin, hasAdmin } from './create-admin.service.ts';

const t = useTestApp();
const demo = (role: 'parent' | 'admin') => DEMO_ACCOUNTS.find((a) => a.role === role)!;

/** Signs in with a password: the status, and the roles the profile answers. */
async function signIn(email: string, password: string) {
  const res = await post(t, '/api/user/signin', { email, password });
  if (res.statusCode !== 200) return { status: res.statusCode, roles: null };
  const token = body<{ token: string }>(res).data.token;
  const profile = await t.app.inject({ url: '/api/user/profile', headers: { 'x-access-token': token } });
  return { status: 200, roles: body<{ roles: string[] }>(profile).data.roles };
}

describe('create-admin (the service behind the command and ADMIN_* on a start)', () => {
  it('adds admin to a verified parent: family, password and children stay (roles add)', async () => {
    const parent = demo('parent');
    const before = await userByEmail(t, parent.email);
    const outcome = await grantAdmin({ db: t.db, now: t.clock.now(), input: { email: parent.email.toUpperCase() } });
    expect(outcome).toBe('promoted');
    const after = await userByEmail(t, parent.email);
    expect(after).toMatchObject({
      familyId: before!.familyId,
      passwordHash: before!.passwordHash,
      staffRoles: ['admin'],
    });
    expect(await signIn(parent.email, parent.password)).toEqual({ status: 200, roles: ['parent', 'admin'] });
    // Run again: nothing changes, and the role is not listed twice.
    expect(await grantAdmin({ db: t.db, now: t.clock.now(), input: { email: parent.email } })).toBe('already-admin');
    expect((await userByEmail(t, parent.email))!.staffRoles).toEqual(['admin']);
  });

  it('an unverified account takes the password given, a verified email and admin; its sessions end', async () => {
    // Someone signed up with the operator's address first: their password must not open the console.
    const squatter = await signupViaApi(t);
    const [{ id } = { id: '' }] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, squatter.email));
    await createSession({ db: t.db, now: t.clock.now(), userId: id });
    expect(await liveSessionCount(t, id)).toBe(1);

    await expect(grantAdmin({ db: t.db, now: t.clock.now(), input: { email: squatter.email } })).rejects.toThrow(
      DetailsNeededError,
    );
    const outcome = await grantAdmin({
      db: t.db,
      now: t.clock.now(),
      input: { email: squatter.email, password: 'Owner-chosen-pass-77' },
    });
    expect(outcome).toBe('claimed');
    expect(await liveSessionCount(t, id)).toBe(0);
    expect((await signIn(squatter.email, squatter.password)).status).toBe(401);
    expect(await signIn(squatter.email, 'Owner-chosen-pass-77')).toEqual({ status: 200, roles: ['parent', 'admin'] });
  });

  it('a new account needs names and a password; made, it has admin only and no family', async () => {
    const email = uniqueEmail('owner');
    await expect(
      grantAdmin({ db: t.db, now: t.clock.now(), input: { email, password: STRONG_PASSWORD } }),
    ).rejects.toThrow(/first name, a last name and a password/);
    expect(await userByEmail(t, email)).toBeUndefined();
    const input = { email, firstName: 'Ada', lastName: 'Lovelace', password: STRONG_PASSWORD };
    expect(await grantAdmin({ db: t.db, now: t.clock.now(), input })).toBe('created');
    expect(await userByEmail(t, email)).toMatchObject({ familyId: null, staffRoles: ['admin'], firstName: 'Ada' });
    expect(await signIn(email, STRONG_PASSWORD)).toEqual({ status: 200, roles: ['admin'] });
  });

  it('ADMIN_* on a start does nothing once an admin exists', async () => {
    expect(await hasAdmin(t.db)).toBe(true);
    const email = uniqueEmail('late');
    const input = { email, firstName: 'Late', lastName: 'Comer', password: STRONG_PASSWORD };
    expect(await grantFirstAdmin({ db: t.db, now: t.clock.now(), input })).toBe('admin-exists');
    expect(await userByEmail(t, email)).toBeUndefined();
    expect((await userByEmail(t, demo('admin').email))!.staffRoles).toEqual(['admin']);
  });
});
