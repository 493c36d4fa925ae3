import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { oneTimeTokens } from '@kikstart/db';
import { AUTH_MESSAGES, type EmailVerifyResult } from '@kikstart/contract/auth';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { nextIp } from '../../../test/client-ip.ts';
import {
  accountRowCounts,
  liveSessionCount,
  post,
  signupPayload,
  signupViaApi,
  userByEmail,
  verifiedParent,
} from '../../../test/user-fixtures.ts';
import { SIGNUP_BROWSER_COOKIE, SIGNUP_BROWSER_COOKIE_PATH, SIGNUP_BROWSER_TTL_MS } from './signup-browser.ts';

// Issue 12 item 3: verifying the email signs in the browser that signed up, and only that one.

const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

/** The verification page's POST, with the browser's cookies (if any). */
const verifyPost = (token: unknown, cookie?: string) =>
  post(t, '/api/user/email-verify', { token }, cookie ? { headers: { cookie } } : {});

const result = (res: Parameters<typeof body>[0]) => body<EmailVerifyResult>(res).data;
const userIdOf = async (email: string) => (await userByEmail(t, email))!.id;

describe('the sign-up cookie', () => {
  it('sign-up sets it HttpOnly, SameSite=Strict, for the verification endpoint only, for 30 minutes', async () => {
    const res = await post(t, '/api/user/signup', signupPayload());
    const cookie = res.cookies.find((c) => c.name === SIGNUP_BROWSER_COOKIE)!;
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie).toMatchObject({
      path: SIGNUP_BROWSER_COOKIE_PATH,
      maxAge: SIGNUP_BROWSER_TTL_MS / 1000,
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(cookie.secure).toBeFalsy();
  });

  it('an address that already has an account gets a cookie of the same shape, bound to nothing', async () => {
    const owner = await verifiedParent(t);
    const before = await accountRowCounts(t);
    const res = await post(t, '/api/user/signup', signupPayload({ email: owner.email }));
    const cookie = res.cookies.find((c) => c.name === SIGNUP_BROWSER_COOKIE)!;
    expect(cookie).toMatchObject({ path: SIGNUP_BROWSER_COOKIE_PATH, httpOnly: true });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    const after = await accountRowCounts(t);
    // Only the owner's notice mail; no token row for this cookie.
    expect(after.tokens).toBe(before.tokens);
  });

  it('the POST from the browser that signed up verifies, signs in, and clears the cookie', async () => {
    const account = await signupViaApi(t);
    const res = await verifyPost(account.verifyToken, account.signupCookie);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(AUTH_MESSAGES.emailVerifiedSignedIn);
    const data = result(res);
    expect(data.alreadyVerified).toBe(false);
    expect(data.session!.user).toMatchObject({ email: account.email, emailVerified: true });
    const cleared = res.cookies.find((c) => c.name === SIGNUP_BROWSER_COOKIE)!;
    expect(cleared).toMatchObject({ value: '', maxAge: 0, path: SIGNUP_BROWSER_COOKIE_PATH });

    const profile = await t.app.inject({
      url: '/api/user/profile',
      headers: { 'x-access-token': data.session!.token },
      remoteAddress: nextIp(),
    });
    expect(profile.statusCode).toBe(200);
    expect(body<{ email: string }>(profile).data.email).toBe(account.email);

    // Used once: the same cookie and link again make no second session, and say it is done.
    const again = await verifyPost(account.verifyToken, account.signupCookie);
    expect(again.statusCode).toBe(200);
    expect(body(again).message).toBe(AUTH_MESSAGES.emailAlreadyVerified);
    expect(result(again)).toEqual({ alreadyVerified: true, session: null });
    expect(await liveSessionCount(t, await userIdOf(account.email))).toBe(1);
  });

  it('a POST without the cookie (another device) verifies and signs nobody in', async () => {
    const account = await signupViaApi(t);
    const res = await verifyPost(account.verifyToken);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(AUTH_MESSAGES.emailVerified);
    expect(result(res)).toEqual({ alreadyVerified: false, session: null });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await userByEmail(t, account.email))!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await liveSessionCount(t, await userIdOf(account.email))).toBe(0);
  });

  it("another account's cookie signs nobody in, and stays good for its own account", async () => {
    const mine = await signupViaApi(t);
    const theirs = await signupViaApi(t);
    const res = await verifyPost(mine.verifyToken, theirs.signupCookie);
    expect(res.statusCode).toBe(200);
    expect(result(res).session).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await liveSessionCount(t, await userIdOf(mine.email))).toBe(0);
    expect(await liveSessionCount(t, await userIdOf(theirs.email))).toBe(0);

    const own = await verifyPost(theirs.verifyToken, theirs.signupCookie);
    expect(result(own).session!.user.email).toBe(theirs.email);
  });

  it('an expired cookie (after 30 minutes) verifies only', async () => {
    const account = await signupViaApi(t);
    clock.advanceMinutes(31);
    const res = await verifyPost(account.verifyToken, account.signupCookie);
    expect(res.statusCode).toBe(200);
    expect(result(res)).toEqual({ alreadyVerified: false, session: null });
    expect(await liveSessionCount(t, await userIdOf(account.email))).toBe(0);
  });

  it('a GET never signs in, even with the cookie; the browser can still sign in after a scanner opened the link', async () => {
    const account = await signupViaApi(t);
    const before = await accountRowCounts(t);
    const get = await t.app.inject({
      url: `/api/user/email-verify?token=${encodeURIComponent(account.verifyToken)}`,
      headers: { cookie: account.signupCookie },
      remoteAddress: nextIp(),
    });
    expect(get.statusCode).toBe(200);
    expect(result(get)).toEqual({ alreadyVerified: false, session: null });
    expect(get.headers['set-cookie']).toBeUndefined();
    expect((await accountRowCounts(t)).sessions).toBe(before.sessions);
    // The cookie was not used: its POST (the page in the browser that signed up) signs in.
    const [row] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.purpose, 'signup_browser'), eq(oneTimeTokens.userId, await userIdOf(account.email))));
    expect(row!.usedAt).toBeNull();
    const page = await verifyPost(account.verifyToken, account.signupCookie);
    expect(body(page).message).toBe(AUTH_MESSAGES.emailVerifiedSignedIn);
    expect(result(page).alreadyVerified).toBe(true);
    expect(result(page).session).not.toBeNull();
  });

  it('a wrong link with a good cookie: 400, and the cookie is not used up', async () => {
    const account = await signupViaApi(t);
    const res = await verifyPost('not-a-real-token-but-long-enough', account.signupCookie);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ message: AUTH_MESSAGES.verifyLinkInvalid, code: 'BAD_REQUEST' });
    expect(result(await verifyPost(account.verifyToken, account.signupCookie)).session).not.toBeNull();
  });

  it('missing, malformed, oversized and hostile input: 4xx with a message, never 500, no session', async () => {
    const account = await signupViaApi(t);
    const before = await accountRowCounts(t);
    for (const payload of [
      {},
      { token: '' },
      { token: 42 },
      { token: ['a', 'b'] },
      { token: { $ne: '' } },
      { token: 'z'.repeat(5000) },
      { token: "' or 1=1 --" },
      null,
      'a string',
    ]) {
      const res = await post(t, '/api/user/email-verify', payload, { headers: { cookie: account.signupCookie } });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res).message).toBeTruthy();
      expect(body(res).code).toBeTruthy();
    }
    // Hostile cookies: the link verifies, nobody is signed in.
    for (const cookie of [
      `${SIGNUP_BROWSER_COOKIE}=`,
      `${SIGNUP_BROWSER_COOKIE}=${'x'.repeat(4000)}`,
      `${SIGNUP_BROWSER_COOKIE}=' or 1=1 --`,
      `other=1; ${SIGNUP_BROWSER_COOKIE}`,
    ]) {
      const res = await verifyPost(account.verifyToken, cookie);
      expect(res.statusCode, cookie.slice(0, 40)).toBe(200);
      expect(result(res).session).toBeNull();
    }
    expect((await accountRowCounts(t)).sessions).toBe(before.sessions);
  });
});
