import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { oneTimeTokens } from '@kikstart/db';
import { AUTH_MESSAGES, type ResetCodeResult, type SigninResult } from '@kikstart/contract/auth';
import { body, useTestApp } from '../../../test/test-app.ts';
import { hashToken } from '../../lib/tokens.ts';
import { UNIFORM_RESPONSE_MS } from './signup.service.ts';
import { RESET_CODE_MAX_ATTEMPTS } from './password-reset.service.ts';
import { RESET_CODES_PER_ACCOUNT } from './user-limits.ts';
import {
  liveSessionCount,
  mailsTo,
  post,
  signupViaApi,
  uniqueEmail,
  userByEmail,
  verifiedParent,
} from '../../../test/user-fixtures.ts';
import { nextIp } from '../../../test/client-ip.ts';

const t = useTestApp();

const forgot = (email: string, remoteAddress = nextIp()) =>
  post(t, '/api/user/forgetPassword', { email }, { remoteAddress });
const checkCode = (email: string, code: string) => post(t, '/api/user/forgetPassword/account-verify', { email, code });
const changeWithToken = (token: string, password: string, remoteAddress = nextIp()) =>
  post(t, '/api/user/forgetPassword/changePassword', { token, password }, { remoteAddress });
const signin = (email: string, password: string, remoteAddress = nextIp()) =>
  post(t, '/api/user/signin', { email, password }, { remoteAddress });

/** The code from the newest reset mail to `email`. */
async function mailedCode(email: string) {
  const mail = (await mailsTo(t, email)).find((m) => m.subject.includes('reset code'))!;
  return new URL(mail.links.find((l) => l.includes('/auth/reset-password'))!).searchParams.get('code')!;
}

async function resetToken(email: string) {
  await forgot(email);
  const res = await checkCode(email, await mailedCode(email));
  expect(res.statusCode).toBe(200);
  return body<ResetCodeResult>(res).data.token;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/user/forgetPassword', () => {
  it('mails a 6-digit code and a reset link; only the code hash is stored, for 30 minutes', async () => {
    const user = await verifiedParent(t);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 200, message: AUTH_MESSAGES.forgotSent, data: null });
    const [mail] = await mailsTo(t, user.email);
    expect(mail!.subject).toBe('Your KikStart password reset code');
    const code = await mailedCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.text).toContain(code);
    expect(mail!.html).toContain(code);
    expect(mail!.links[0]).toBe(
      `http://localhost:3000/auth/reset-password?email=${encodeURIComponent(user.email)}&code=${code}`,
    );
    const u = (await userByEmail(t, user.email))!;
    const [row] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, u.id), eq(oneTimeTokens.purpose, 'password_reset_code')));
    expect(row!.tokenHash).not.toContain(code);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('the same answer, in no less time, for an unknown address; nothing is stored or mailed', async () => {
    const user = await verifiedParent(t);
    const ghost = uniqueEmail('ghost');
    const [tokensBefore] = [await t.db.select().from(oneTimeTokens)];
    const s1 = performance.now();
    const known = await forgot(user.email);
    const knownMs = performance.now() - s1;
    const s2 = performance.now();
    const unknown = await forgot(ghost);
    const unknownMs = performance.now() - s2;
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(body(unknown)).toEqual(body(known));
    expect(knownMs).toBeGreaterThanOrEqual(UNIFORM_RESPONSE_MS - 5);
    expect(unknownMs).toBeGreaterThanOrEqual(UNIFORM_RESPONSE_MS - 5);
    expect(await mailsTo(t, ghost)).toHaveLength(0);
    expect((await t.db.select().from(oneTimeTokens)).length).toBe(tokensBefore.length + 1);
  });

  it('limits per (address, account) (3 an hour) and per address (5 an hour) with 429; the owner elsewhere still gets a code', async () => {
    for (const email of [(await verifiedParent(t)).email, uniqueEmail('ghost')]) {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await forgot(email, ip)).statusCode).toBe(200);
      const res = await forgot(email, ip);
      expect(res.statusCode).toBe(429);
      expect(body(res).message).toMatch(/^Too many attempts\. Please try again in (59|60) minutes\.$/);
      expect((await forgot(email)).statusCode).toBe(200);
    }
    const ip = '203.0.113.20';
    for (let i = 0; i < 5; i++) expect((await forgot(uniqueEmail('ip'), ip)).statusCode).toBe(200);
    const res = await forgot(uniqueEmail('ip'), ip);
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toMatch(/^Too many attempts/);
  });

  it(`codes per account are capped at ${RESET_CODES_PER_ACCOUNT.max} in ${RESET_CODES_PER_ACCOUNT.windowMs / 3600_000} hours from all addresses, known or unknown alike`, async () => {
    // The two accounts side by side (each answer waits out the uniform answer time).
    const capped = async (email: string) => {
      for (let i = 0; i < RESET_CODES_PER_ACCOUNT.max; i++) expect((await forgot(email)).statusCode).toBe(200);
      const res = await forgot(email);
      expect(res.statusCode).toBe(429);
      expect(body(res).message).toMatch(/^Too many attempts\. Please try again in (71|72) hours\.$/);
    };
    await Promise.all([capped((await verifiedParent(t)).email), capped(uniqueEmail('ghost'))]);
  }, 60_000);

  it('greets a verified account by name, an unverified one (name unproven) without it', async () => {
    const verified = await verifiedParent(t, { firstName: 'Ngozi' });
    await forgot(verified.email);
    expect((await mailsTo(t, verified.email))[0]!.text).toMatch(/^Hi Ngozi,/);
    const unverified = await signupViaApi(t, { firstName: 'Visit evil.example' });
    await forgot(unverified.email);
    const mail = (await mailsTo(t, unverified.email))[0]!;
    expect(mail.text).toMatch(/^Hello,/);
    expect(mail.text).not.toContain('evil.example');
  });

  it('400 for a bad email', async () => {
    for (const email of ['', 'not-an-email', 'x'.repeat(1000), 'a\u0000@b.example'])
      expect((await forgot(email)).statusCode).toBe(400);
    expect((await post(t, '/api/user/forgetPassword', { email: ['a@b.example'] })).statusCode).toBe(400);
  });
});

describe('POST /api/user/forgetPassword/account-verify', () => {
  it('the right code gives a single-use reset token for 15 minutes; the code then stops working', async () => {
    const user = await verifiedParent(t);
    await forgot(user.email);
    const code = await mailedCode(user.email);
    const res = await checkCode(user.email, code);
    expect(res.statusCode).toBe(200);
    const data = body<ResetCodeResult>(res).data;
    expect(body(res).message).toBe(AUTH_MESSAGES.resetCodeOk);
    expect(data.token).toMatch(/^[\w-]{43}$/);
    const minutes = (new Date(data.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);
    const [row] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(data.token)));
    expect(row!.purpose).toBe('password_reset');

    const reuse = await checkCode(user.email, code);
    expect(reuse.statusCode).toBe(400);
    expect(body(reuse)).toMatchObject({
      message: AUTH_MESSAGES.resetCodeWrong,
      errors: { code: AUTH_MESSAGES.resetCodeWrong },
    });
  });

  it('accepts the code typed with spaces or a dash', async () => {
    const user = await verifiedParent(t);
    await forgot(user.email);
    const code = await mailedCode(user.email);
    expect((await checkCode(user.email, ` ${code.slice(0, 3)} ${code.slice(3)} `)).statusCode).toBe(200);
  });

  it(`${RESET_CODE_MAX_ATTEMPTS} wrong codes burn it: the right code no longer works`, async () => {
    const user = await verifiedParent(t);
    await forgot(user.email);
    const code = await mailedCode(user.email);
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      const res = await checkCode(user.email, otherCode(code));
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(AUTH_MESSAGES.resetCodeWrong);
    }
    expect((await checkCode(user.email, code)).statusCode).toBe(400);
  });

  it(`${RESET_CODE_MAX_ATTEMPTS - 1} wrong codes, then the right one still works`, async () => {
    const user = await verifiedParent(t);
    await forgot(user.email);
    const code = await mailedCode(user.email);
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS - 1; i++) await checkCode(user.email, otherCode(code));
    expect((await checkCode(user.email, code)).statusCode).toBe(200);
  });

  it('an expired code fails; a newer code replaces the older one', async () => {
    const user = await verifiedParent(t);
    const u = (await userByEmail(t, user.email))!;
    await forgot(user.email);
    const first = await mailedCode(user.email);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, u.id), eq(oneTimeTokens.purpose, 'password_reset_code')));
    expect((await checkCode(user.email, first)).statusCode).toBe(400);

    await forgot(user.email);
    const second = await mailedCode(user.email);
    await forgot(user.email);
    const third = await mailedCode(user.email);
    if (second !== third) expect((await checkCode(user.email, second)).statusCode).toBe(400);
    expect((await checkCode(user.email, third)).statusCode).toBe(200);
  });

  it('requests at once for one account leave one live code, the one whose mail went last', async () => {
    const user = await verifiedParent(t);
    const u = (await userByEmail(t, user.email))!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => forgot(user.email)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const live = await t.db
      .select()
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, u.id),
          eq(oneTimeTokens.purpose, 'password_reset_code'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    expect(live).toHaveLength(1);
    expect((await checkCode(user.email, await mailedCode(user.email))).statusCode).toBe(200);
  });

  it('unknown email: the same 400 as a wrong code', async () => {
    const res = await checkCode(uniqueEmail('ghost'), '123456');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(AUTH_MESSAGES.resetCodeWrong);
  });

  it('400 for malformed codes', async () => {
    for (const code of ['', '12345', '1234567', 'abcdef', "1' OR '1'='1", '12\u00003456']) {
      const res = await checkCode(demoEmail, code);
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.code).toBeTruthy();
    }
    expect(
      (await post(t, '/api/user/forgetPassword/account-verify', { email: demoEmail, code: 123456 })).statusCode,
    ).toBe(400);
  });
});
const demoEmail = 'parent@kikstart.example';

describe('POST /api/user/forgetPassword/changePassword', () => {
  it('sets the new password, revokes every session, and the token works once', async () => {
    const user = await verifiedParent(t);
    const other = body<SigninResult>(await signin(user.email, user.password)).data.token;
    const u = (await userByEmail(t, user.email))!;
    expect(await liveSessionCount(t, u.id)).toBe(2);

    const token = await resetToken(user.email);
    const res = await changeWithToken(token, 'Fresh-meadow-77');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 200, message: AUTH_MESSAGES.passwordReset, data: null });
    expect(await liveSessionCount(t, u.id)).toBe(0);
    for (const tk of [user.token, other])
      expect((await t.app.inject({ url: '/api/user/profile', headers: { 'x-access-token': tk } })).statusCode).toBe(
        401,
      );
    expect((await signin(user.email, user.password)).statusCode).toBe(401);
    expect((await signin(user.email, 'Fresh-meadow-77')).statusCode).toBe(200);
    expect((await mailsTo(t, user.email))[0]!.subject).toBe('Your KikStart password was changed');

    const again = await changeWithToken(token, 'Another-meadow-78');
    expect(again.statusCode).toBe(400);
    // The web starts over at the code step on this code.
    expect(body(again)).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: AUTH_MESSAGES.resetTokenInvalid });
  });

  it('an expired reset token fails', async () => {
    const user = await verifiedParent(t);
    const token = await resetToken(user.email);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect((await changeWithToken(token, 'Fresh-meadow-77')).statusCode).toBe(400);
    expect((await signin(user.email, user.password)).statusCode).toBe(200);
  });

  it('the new password follows the sign-up rules, and a refused one does not use up the token', async () => {
    const user = await verifiedParent(t);
    const token = await resetToken(user.email);
    for (const [password, message] of [
      ['short1!', AUTH_MESSAGES.passwordMin],
      ['Password1', AUTH_MESSAGES.passwordCommon],
      ['x'.repeat(129), AUTH_MESSAGES.passwordMax],
    ] as const) {
      const res = await changeWithToken(token, password);
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.password).toBe(message);
    }
    expect((await changeWithToken(token, 'Fresh-meadow-77')).statusCode).toBe(200);
  });

  it('a code cannot stand in for the reset token, nor a verification token', async () => {
    const account = await signupViaApi(t);
    expect((await changeWithToken(account.verifyToken, 'Fresh-meadow-77')).statusCode).toBe(400);
    await forgot(account.email);
    expect((await changeWithToken(await mailedCode(account.email), 'Fresh-meadow-77')).statusCode).toBe(400);
    for (const token of ['', 'x'.repeat(5000), "' OR 1=1 --"])
      expect((await changeWithToken(token, 'Fresh-meadow-77')).statusCode).toBe(400);
  });

  it('an unverified account that resets its password is verified (the code came by mail) and can sign in', async () => {
    const account = await signupViaApi(t);
    const token = await resetToken(account.email);
    expect((await changeWithToken(token, 'Fresh-meadow-77')).statusCode).toBe(200);
    expect((await signin(account.email, 'Fresh-meadow-77')).statusCode).toBe(200);
  });

  it("a reset from an address lifts that address's sign-in pause for the account", async () => {
    const user = await verifiedParent(t);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await signin(user.email, `Wrong-guess-${i}`, ip);
    expect((await signin(user.email, user.password, ip)).statusCode).toBe(429);
    const token = await resetToken(user.email);
    expect((await changeWithToken(token, 'Fresh-meadow-77', ip)).statusCode).toBe(200);
    expect((await signin(user.email, 'Fresh-meadow-77', ip)).statusCode).toBe(200);
  });
});
