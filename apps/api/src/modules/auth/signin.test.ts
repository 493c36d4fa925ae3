import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@kikstart/db';
import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import { AUTH_MESSAGES, type SigninResult, type UserProfile } from '@kikstart/contract/auth';
import { body, errorEnvelope, useTestApp } from '../../../test/test-app.ts';
import { hashToken } from '../../lib/tokens.ts';
import { post, signupViaApi, uniqueEmail, verifiedParent } from '../../../test/user-fixtures.ts';
import { nextIp } from '../../../test/client-ip.ts';

const t = useTestApp();

const demo = DEMO_ACCOUNTS.find((a) => a.role === 'parent')!;
const signin = (email: string, password: string, remoteAddress = nextIp()) =>
  post(t, '/api/user/signin', { email, password }, { remoteAddress });
const profile = (token: string) => t.app.inject({ url: '/api/user/profile', headers: { 'x-access-token': token } });

describe('POST /api/user/signin', () => {
  it('returns a token and the profile; the token works and only its hash is stored', async () => {
    const res = await signin(demo.email, demo.password);
    expect(res.statusCode).toBe(200);
    const b = body<SigninResult>(res);
    expect(b.message).toBe(AUTH_MESSAGES.signedIn);
    expect(b.data.token).toMatch(/^[\w-]{43}$/);
    expect(b.data.user).toMatchObject({
      email: demo.email,
      firstName: demo.firstName,
      roles: ['parent'],
      emailVerified: true,
    });
    expect(Object.keys(b.data.user).sort()).toEqual(
      [
        'address',
        'avatarUrl',
        'createdAt',
        'email',
        'emailVerified',
        'familyId',
        'firstName',
        'id',
        'lastName',
        'phone',
        'roles',
      ].sort(),
    );
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(b.data.token)));
    expect(row!.userId).toBe(b.data.user.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const me = await profile(b.data.token);
    expect(me.statusCode).toBe(200);
    expect(body<UserProfile>(me).data.id).toBe(b.data.user.id);
  });

  it('email is case-insensitive and trimmed', async () => {
    expect((await signin('  PARENT@KikStart.Example ', demo.password)).statusCode).toBe(200);
  });

  it('coaches and admins sign in here too, with their role', async () => {
    for (const role of ['coach', 'admin'] as const) {
      const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
      const res = await signin(account.email, account.password);
      expect(body<SigninResult>(res).data.user.roles).toEqual([role]);
    }
  });

  it('wrong password and unknown email get the same 401 in a similar time', async () => {
    const wrong = await signin(demo.email, 'Not-the-password-1');
    const unknown = await signin(uniqueEmail('ghost'), 'Not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong)).toEqual({ status: 401, message: AUTH_MESSAGES.signinWrong, code: 'UNAUTHORIZED', data: null });
    expect(body(unknown)).toEqual(body(wrong));

    // Both paths run argon2 (unknown emails against a dummy hash), so neither is markedly faster.
    // Measured in turns, so that what else the machine does (the other test worker, the mail
    // of the sign-up below) weighs on both paths alike; the median of each.
    const known = (await signupViaApi(t)).email; // a fresh account, so the failures do not lock the demo parent
    const ghost = uniqueEmail('ghost');
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 7; i++) {
      for (const [path, email] of [
        ['known', known],
        ['unknown', ghost],
      ] as const) {
        const start = performance.now();
        await signin(email, `Wrong-password-${i}`);
        times[path].push(performance.now() - start);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[3]!;
    expect(median(times.unknown)).toBeGreaterThan(median(times.known) * 0.4);
  });

  it('an unverified account: 403 with the verify message, but only with the right password', async () => {
    const account = await signupViaApi(t);
    const right = await signin(account.email, account.password);
    expect(right.statusCode).toBe(403);
    expect(body(right)).toEqual(errorEnvelope('EMAIL_UNVERIFIED', AUTH_MESSAGES.signinUnverified));
    expect((await signin(account.email, 'Wrong-password-9')).statusCode).toBe(401);
  });

  it('400 for missing, malformed and hostile input, never 500', async () => {
    const cases: [unknown, string][] = [
      [{}, 'email'],
      [{ email: demo.email }, 'password'],
      [{ email: 'nope', password: 'x' }, 'email'],
      [{ email: demo.email, password: '' }, 'password'],
      [{ email: demo.email, password: 'p'.repeat(129) }, 'password'],
      [{ email: demo.email, password: 12345678 }, 'password'],
      [{ email: { $ne: null }, password: 'x' }, 'email'],
      [{ email: "' OR 1=1 --", password: "' OR 1=1 --" }, 'email'],
      [{ email: demo.email, password: 'Parent-demo\u00002026' }, 'password'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(t, '/api/user/signin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).errors?.[field]).toBeTruthy();
    }
  });
});

describe('sign-in rate limits (only failures count)', () => {
  it('per address: after 30 wrong passwords in 15 minutes that address gets 429, for any account; other addresses are unaffected', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 30; i++) expect((await signin(uniqueEmail('ip'), 'Whatever-pass-1', ip)).statusCode).toBe(401);
    const res = await signin(demo.email, demo.password, ip);
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ status: 429, data: null });
    expect(body(res).message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    expect((await signin(demo.email, demo.password)).statusCode).toBe(200);
  });

  it('per (address, account): 5 wrong passwords pause that address for that account only; the owner elsewhere signs in', async () => {
    const victim = await verifiedParent(t);
    const bystander = await verifiedParent(t);
    const attacker = '203.0.113.11';
    for (let i = 0; i < 5; i++) expect((await signin(victim.email, `Wrong-guess-${i}`, attacker)).statusCode).toBe(401);
    const paused = await signin(victim.email.toUpperCase(), victim.password, attacker);
    expect(paused.statusCode).toBe(429);
    expect(body(paused).message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    // The same address may still sign in to another account, and the owner from their own address.
    expect((await signin(bystander.email, bystander.password, attacker)).statusCode).toBe(200);
    expect((await signin(victim.email, victim.password)).statusCode).toBe(200);
  });

  it('unknown addresses are limited the same way (no enumeration through 429)', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await signin(ghost, `Wrong-guess-${i}`, ip)).statusCode).toBe(401);
    expect((await signin(ghost, 'Wrong-guess-x', ip)).statusCode).toBe(429);
  });

  it("a successful sign-in clears the address's failures for the account", async () => {
    const user = await verifiedParent(t);
    const ip = nextIp();
    for (let i = 0; i < 4; i++) await signin(user.email, `Wrong-guess-${i}`, ip);
    expect((await signin(user.email, user.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signin(user.email, `Wrong-guess-${i}`, ip)).statusCode).toBe(401);
    expect((await signin(user.email, user.password, ip)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the current token only', async () => {
    const user = await verifiedParent(t);
    const second = body<SigninResult>(await signin(user.email, user.password)).data.token;
    const res = await post(t, '/api/user/logout', {}, { headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 200, message: AUTH_MESSAGES.signedOut, data: null });
    expect((await profile(user.token)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
    // Logging out again (or with no token) is harmless.
    expect((await post(t, '/api/user/logout', {}, { headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout' })).statusCode).toBe(200);
  });

  it('an expired session is refused', async () => {
    const user = await verifiedParent(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect((await profile(user.token)).statusCode).toBe(401);
  });
});
