import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { families, oneTimeTokens } from '@kikstart/db';
import { AUTH_MESSAGES } from '@kikstart/contract/auth';
import { body, useTestApp } from '../../../test/test-app.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { hashToken } from '../../lib/tokens.ts';
import { UNIFORM_RESPONSE_MS } from './signup.service.ts';
import {
  STRONG_PASSWORD,
  accountRowCounts,
  mailsTo,
  post,
  signupPayload,
  signupViaApi,
  uniqueEmail,
  userByEmail,
  verifiedParent,
} from '../../../test/user-fixtures.ts';
import { nextIp } from '../../../test/client-ip.ts';

const t = useTestApp();

const verify = (token: string) =>
  t.app.inject({ url: `/api/user/email-verify?token=${encodeURIComponent(token)}`, remoteAddress: nextIp() });

describe('POST /api/user/signup', () => {
  it('creates an unverified parent with a family of their own and mails a verification link', async () => {
    const payload = signupPayload({ email: `  Maya.Okafor+${Date.now()}@Family.Example `, phone: '(415) 555-0134' });
    const res = await post(t, '/api/user/signup', payload);
    expect(res.statusCode).toBe(200);
    const email = payload.email.trim().toLowerCase();
    expect(body(res)).toEqual({ status: 200, message: AUTH_MESSAGES.signupDone, data: { email } });

    const user = (await userByEmail(t, email))!;
    expect(user).toMatchObject({
      email,
      firstName: 'Maya',
      lastName: 'Okafor',
      phone: '4155550134',
      staffRoles: [],
      emailVerifiedAt: null,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(STRONG_PASSWORD);
    const [family] = await t.db.select().from(families).where(eq(families.id, user.familyId!));
    expect(family).toBeTruthy();

    const [mail] = await mailsTo(t, email);
    expect(mail!.subject).toBe('Confirm your email address');
    expect(mail!.status).toBe('queued');
    expect(mail!.text).toContain('http://localhost:3000/auth/verify-email?token=');
    expect(mail!.html).toContain('http://localhost:3000/auth/verify-email?token=');
    expect(mail!.html).toContain('#ED1C24');
    const link = mail!.links.find((l) => l.startsWith('http://localhost:3000/auth/verify-email?token='))!;
    const token = new URL(link).searchParams.get('token')!;
    // Only the hash is stored, and it expires in 48 hours.
    const [row] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(row!.purpose).toBe('email_verify');
    expect(row!.userId).toBe(user.id);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it('two sign-ups get two families', async () => {
    const a = await signupViaApi(t);
    const b = await signupViaApi(t);
    const [ua, ub] = [await userByEmail(t, a.email), await userByEmail(t, b.email)];
    expect(ua!.familyId).not.toBe(ub!.familyId);
  });

  it('an address that already has an account: the same answer in about the same time, no second account, and the owner is mailed', async () => {
    const owner = await verifiedParent(t, { firstName: 'Ngozi' });
    const before = await accountRowCounts(t);
    const fresh = signupPayload();
    const s1 = performance.now();
    const created = await post(t, '/api/user/signup', fresh);
    const createdMs = performance.now() - s1;
    const s2 = performance.now();
    const taken = await post(
      t,
      '/api/user/signup',
      signupPayload({ email: owner.email.toUpperCase(), firstName: 'Visit evil.example' }),
    );
    const takenMs = performance.now() - s2;

    expect(taken.statusCode).toBe(200);
    expect(created.statusCode).toBe(200);
    expect(body(taken)).toEqual({ status: 200, message: AUTH_MESSAGES.signupDone, data: { email: owner.email } });
    expect(body(created)).toEqual({
      status: 200,
      message: AUTH_MESSAGES.signupDone,
      data: { email: fresh.email.toLowerCase() },
    });
    // Both hash the password and answer no sooner than UNIFORM_RESPONSE_MS.
    expect(takenMs).toBeGreaterThanOrEqual(UNIFORM_RESPONSE_MS - 5);
    expect(createdMs).toBeGreaterThanOrEqual(UNIFORM_RESPONSE_MS - 5);
    expect(takenMs).toBeGreaterThan(createdMs * 0.4);

    // Only the new address made an account; the owner's account is untouched.
    const after = await accountRowCounts(t);
    expect(after.users).toBe(before.users + 1);
    expect(after.families).toBe(before.families + 1);
    const row = (await userByEmail(t, owner.email))!;
    expect(row.firstName).toBe('Ngozi');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await post(t, '/api/user/signin', { email: owner.email, password: owner.password })).statusCode).toBe(200);

    const [mail] = await mailsTo(t, owner.email);
    expect(mail!.template).toBe('signup-existing-account');
    expect(mail!.subject).toBe('Someone tried to create a KikStart account with your address');
    expect(mail!.text).toMatch(/^Hi Ngozi,/);
    expect(mail!.text).toContain('sign in with your password');
    expect(mail!.links).toEqual(['http://localhost:3000/auth/login', 'http://localhost:3000/auth/forgot-password']);
    expect(mail!.text).not.toContain('evil.example');
    // No verification link is sent for the existing account.
    expect((await mailsTo(t, owner.email)).filter((m) => m.template === 'verify-email')).toHaveLength(1);
  });

  it('the seeded demo parent too; repeated attempts mail the owner at most once an hour', async () => {
    const demoEmail = 'parent@kikstart.example';
    const before = await accountRowCounts(t);
    for (let i = 0; i < 3; i++) {
      const res = await post(t, '/api/user/signup', signupPayload({ email: 'Parent@KikStart.example' }));
      expect(body(res)).toEqual({ status: 200, message: AUTH_MESSAGES.signupDone, data: { email: demoEmail } });
    }
    expect((await accountRowCounts(t)).users).toBe(before.users);
    expect((await mailsTo(t, demoEmail)).filter((m) => m.template === 'signup-existing-account')).toHaveLength(1);
  });

  it('an unverified owner is mailed without the (unproven) name', async () => {
    const account = await signupViaApi(t, { firstName: 'Visit evil.example' });
    await post(t, '/api/user/signup', signupPayload({ email: account.email }));
    const [mail] = await mailsTo(t, account.email);
    expect(mail!.template).toBe('signup-existing-account');
    expect(mail!.text).toMatch(/^Hello,/);
    expect(mail!.text).not.toContain('evil.example');
  });

  it.runIf(onPostgres)(
    'simultaneous sign-ups with the same address: all get the same answer, exactly one account exists',
    async () => {
      const email = uniqueEmail('race');
      const before = await accountRowCounts(t);
      const results = await Promise.all([0, 1, 2].map(() => post(t, '/api/user/signup', signupPayload({ email }))));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      for (const r of results) expect(body(r)).toEqual(body(results[0]!));
      expect((await accountRowCounts(t)).users).toBe(before.users + 1);
    },
  );

  it.each([
    ['firstName missing', { firstName: undefined }, 'firstName', AUTH_MESSAGES.firstName],
    ['firstName blank', { firstName: '   ' }, 'firstName', AUTH_MESSAGES.firstName],
    ['lastName missing', { lastName: '' }, 'lastName', AUTH_MESSAGES.lastName],
    ['email missing', { email: '' }, 'email', AUTH_MESSAGES.email],
    ['email invalid', { email: 'maya@' }, 'email', AUTH_MESSAGES.emailInvalid],
    ['phone missing', { phone: '' }, 'phone', AUTH_MESSAGES.phone],
    ['phone short', { phone: '415-555-013' }, 'phone', AUTH_MESSAGES.phoneDigits],
    ['phone long', { phone: '415-555-01344' }, 'phone', AUTH_MESSAGES.phoneDigits],
    ['password missing', { password: undefined }, 'password', AUTH_MESSAGES.password],
    ['password short', { password: 'Ab3$xyz' }, 'password', AUTH_MESSAGES.passwordMin],
    ['password too long', { password: 'a1B!'.repeat(33) }, 'password', AUTH_MESSAGES.passwordMax],
    ['password common', { password: 'password123' }, 'password', AUTH_MESSAGES.passwordCommon],
    ['password common, other case', { password: 'PassWord123' }, 'password', AUTH_MESSAGES.passwordCommon],
    ['password common, with spaces', { password: ' iloveyou1 ' }, 'password', AUTH_MESSAGES.passwordCommon],
    ['password only spaces', { password: '          ' }, 'password', AUTH_MESSAGES.password],
  ])('400 when %s', async (_name, overrides, field, message) => {
    const before = await accountRowCounts(t);
    const res = await post(t, '/api/user/signup', signupPayload(overrides));
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[field]).toBe(message);
    expect(await accountRowCounts(t)).toEqual(before);
  });

  it('all messages at once for an empty form', async () => {
    const res = await post(t, '/api/user/signup', {});
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({
      firstName: AUTH_MESSAGES.firstName,
      lastName: AUTH_MESSAGES.lastName,
      email: AUTH_MESSAGES.email,
      phone: AUTH_MESSAGES.phone,
      password: AUTH_MESSAGES.password,
    });
  });

  it('hostile input: 4xx, never 500, and nothing stored', async () => {
    const before = await accountRowCounts(t);
    const cases: unknown[] = [
      signupPayload({ firstName: 'x'.repeat(10_000) }),
      signupPayload({ lastName: 'y'.repeat(101) }),
      signupPayload({ email: `${'a'.repeat(300)}@family.example` }),
      signupPayload({ phone: '4'.repeat(5000) }),
      signupPayload({ password: 'p'.repeat(100_000) }),
      signupPayload({ firstName: 42 }),
      signupPayload({ email: ['a@b.example'] }),
      signupPayload({ phone: { $gt: '' } }),
      signupPayload({ password: null }),
      signupPayload({ firstName: 'Ma\u0000ya' }),
      signupPayload({ lastName: 'Oka\u0007for' }),
      signupPayload({ password: 'Blue-kite\u0000river' }),
      signupPayload({ email: 'maya\u0000@family.example' }),
      [signupPayload()],
      'just a string',
      null,
    ];
    for (const payload of cases) {
      const res = await post(t, '/api/user/signup', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res).status).toBe(res.statusCode);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: '{"firstName":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await post(t, '/api/user/signup', signupPayload({ firstName: 'x'.repeat(400_000) }));
    expect(huge.statusCode).toBe(413);
    expect(await accountRowCounts(t)).toEqual(before);
  });

  it('accepts unicode names and stores SQL and HTML fragments as plain text', async () => {
    const unicode = await signupViaApi(t, { firstName: 'Zoë-Chloé', lastName: '李 Nguyễn O’Brien 🙂' });
    expect(await userByEmail(t, unicode.email)).toMatchObject({
      firstName: 'Zoë-Chloé',
      lastName: '李 Nguyễn O’Brien 🙂',
    });

    const sqlish = await signupViaApi(t, {
      firstName: "Robert'); DROP TABLE users;--",
      lastName: '<img src=x onerror=alert(1)>',
    });
    const row = await userByEmail(t, sqlish.email);
    expect(row).toMatchObject({ firstName: "Robert'); DROP TABLE users;--", lastName: '<img src=x onerror=alert(1)>' });
    // The verification mail goes to an unproven address, so it repeats nothing the form supplied.
    const [mail] = await mailsTo(t, sqlish.email);
    expect(mail!.html).not.toContain('Robert');
    expect(mail!.text).not.toContain('Robert');
    expect(mail!.html).not.toContain('<img src=x');
  });

  it('limits sign-ups per IP (5 an hour) with a clear 429', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/api/user/signup', i % 2 ? signupPayload() : { nonsense: true }, {
        remoteAddress: ip,
      });
      expect(res.statusCode).not.toBe(429);
    }
    const res = await post(t, '/api/user/signup', signupPayload(), { remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ status: 429, data: null });
    expect(body(res).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(res.headers['retry-after']).toBeTruthy();
    // Another address is not affected.
    expect((await post(t, '/api/user/signup', signupPayload())).statusCode).toBe(200);
  });
});

describe('GET /api/user/email-verify', () => {
  it('verifies once, signs nobody in; the same link again says it is done; sign-in works after', async () => {
    const account = await signupViaApi(t);
    const unverified = await post(t, '/api/user/signin', { email: account.email, password: account.password });
    expect(unverified.statusCode).toBe(403);
    expect(body(unverified).message).toBe(AUTH_MESSAGES.signinUnverified);

    const first = await verify(account.verifyToken);
    expect(first.statusCode).toBe(200);
    expect(body(first)).toEqual({
      status: 200,
      message: AUTH_MESSAGES.emailVerified,
      data: { alreadyVerified: false, session: null },
    });
    expect((await userByEmail(t, account.email))!.emailVerifiedAt).toBeInstanceOf(Date);

    // A reload, a double click or a mail scanner: not an error, and still nothing else happens.
    const again = await verify(account.verifyToken);
    expect(again.statusCode).toBe(200);
    expect(body(again)).toEqual({
      status: 200,
      message: AUTH_MESSAGES.emailAlreadyVerified,
      data: { alreadyVerified: true, session: null },
    });

    const signin = await post(t, '/api/user/signin', { email: account.email, password: account.password });
    expect(signin.statusCode).toBe(200);
  });

  it('an expired link fails and leaves the account unverified', async () => {
    const account = await signupViaApi(t);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(account.verifyToken)));
    const res = await verify(account.verifyToken);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(AUTH_MESSAGES.verifyLinkInvalid);
    expect((await userByEmail(t, account.email))!.emailVerifiedAt).toBeNull();
  });

  it('unknown, missing, huge and hostile tokens: 400', async () => {
    for (const url of [
      '/api/user/email-verify',
      '/api/user/email-verify?token=',
      '/api/user/email-verify?token=abc',
      `/api/user/email-verify?token=${'z'.repeat(5000)}`,
      `/api/user/email-verify?token=${encodeURIComponent("' or 1=1 --")}`,
      '/api/user/email-verify?token=%00%00',
      '/api/user/email-verify?token=a&token=b',
    ]) {
      const res = await t.app.inject({ url, remoteAddress: nextIp() });
      expect(res.statusCode, url.slice(0, 60)).toBe(400);
    }
  });
});

describe('POST /api/user/email-verify/resend', () => {
  it('same answer for unverified, verified and unknown addresses; only the unverified one gets a mail', async () => {
    const unverified = await signupViaApi(t);
    const verified = await signupViaApi(t);
    await verify(verified.verifyToken);
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [unverified.email, verified.email, unknown]) {
      const res = await post(t, '/api/user/email-verify/resend', { email });
      answers.push({ code: res.statusCode, body: body(res) });
    }
    expect(answers[0]).toEqual({ code: 200, body: { status: 200, message: AUTH_MESSAGES.verifyResent, data: null } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailsTo(t, unverified.email)).toHaveLength(2);
    expect(await mailsTo(t, verified.email)).toHaveLength(1);
    expect(await mailsTo(t, unknown)).toHaveLength(0);
    const [unknownTokens] = [await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.email, unknown))];
    expect(unknownTokens).toHaveLength(0);

    // The new link works (the first one also stays valid until it expires).
    const newest = (await mailsTo(t, unverified.email))[0]!;
    const token = new URL(newest.links[0]!).searchParams.get('token')!;
    expect(token).not.toBe(unverified.verifyToken);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('limits resends per (address, account) (3 an hour), known and unknown alike; other addresses still get theirs', async () => {
    for (const email of [(await signupViaApi(t)).email, uniqueEmail('ghost')]) {
      const ip = nextIp();
      for (let i = 0; i < 3; i++)
        expect((await post(t, '/api/user/email-verify/resend', { email }, { remoteAddress: ip })).statusCode).toBe(200);
      const res = await post(t, '/api/user/email-verify/resend', { email: email.toUpperCase() }, { remoteAddress: ip });
      expect(res.statusCode).toBe(429);
      expect(body(res).message).toMatch(/^Too many attempts\. Please try again in (60|59) minutes\.$/);
      // The owner, from their own address, is not held up by someone else's requests.
      expect((await post(t, '/api/user/email-verify/resend', { email })).statusCode).toBe(200);
    }
  });

  it('400 for a bad email, 429 per IP after 5', async () => {
    expect((await post(t, '/api/user/email-verify/resend', { email: 'nope' })).statusCode).toBe(400);
    const ip = '198.51.100.8';
    for (let i = 0; i < 5; i++)
      await post(t, '/api/user/email-verify/resend', { email: uniqueEmail('ip') }, { remoteAddress: ip });
    const res = await post(t, '/api/user/email-verify/resend', { email: uniqueEmail('ip') }, { remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toMatch(/^Too many attempts/);
  });
});
