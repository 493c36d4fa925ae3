import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type ResetCodeResult } from '@kikstart/contract/auth';
import { buildApp } from '../../app.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { RESET_CODES_PER_ACCOUNT, SIGNIN_IP_ACCOUNT_FAILURES } from './user-limits.ts';
import {
  STRONG_PASSWORD,
  createUserWithSession,
  mailsTo,
  post,
  uniqueEmail,
  verifiedParent,
} from '../../../test/user-fixtures.ts';
import { nextIp } from '../../../test/client-ip.ts';

/** Item 7 of the trust review: throttle the attacker, never the owner who has the password or the mailbox. */
let t: TestApp;
const clock = new ManualClock(new Date('2026-09-07T07:30:00Z'));
beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const signin = (email: string, password: string, remoteAddress: string) =>
  post(t, '/api/user/signin', { email, password }, { remoteAddress });
const forgot = (email: string, remoteAddress: string) =>
  post(t, '/api/user/forgetPassword', { email }, { remoteAddress });

/** The code from the newest reset mail to `email`. */
async function mailedCode(email: string) {
  const mail = (await mailsTo(t, email)).find((m) => m.template === 'password-reset-code')!;
  return new URL(mail.links.find((l) => l.includes('/auth/reset-password'))!).searchParams.get('code')!;
}

describe('the owner is never locked out by someone else', () => {
  it('after 100 wrong passwords and 20 forgot-password requests for one account from other client addresses, the owner signs in with the right password and resets from the mailbox at once from their own address', async () => {
    const owner = await verifiedParent(t);
    const home = '198.51.100.44';

    // 100 wrong passwords from 10 addresses at once, each address trying 10 in a row: each is
    // paused for this account after 5 failures.
    const perAttacker = await Promise.all(
      Array.from({ length: 10 }, async (_, a) => {
        const attacker = `203.0.113.${100 + a}`;
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++)
          statuses.push((await signin(owner.email, `Guess-${a}-${i}-x`, attacker)).statusCode);
        return statuses;
      }),
    );
    const answers = perAttacker.flat();
    expect(answers.filter((s) => s === 401)).toHaveLength(10 * SIGNIN_IP_ACCOUNT_FAILURES.max);
    expect(answers.filter((s) => s === 429)).toHaveLength(100 - 10 * SIGNIN_IP_ACCOUNT_FAILURES.max);

    // 20 forgot-password requests from 20 other addresses: each is answered and mails a code.
    for (let i = 0; i < 20; i++) expect((await forgot(owner.email, `192.0.2.${10 + i}`)).statusCode).toBe(200);

    // At once, from home: the right password works…
    const signedIn = await signin(owner.email, owner.password, home);
    expect(signedIn.statusCode).toBe(200);
    expect(body(signedIn).message).toBe(AUTH_MESSAGES.signedIn);

    // …and so does a reset from the mailbox.
    expect((await forgot(owner.email, home)).statusCode).toBe(200);
    const verified = await post(
      t,
      '/api/user/forgetPassword/account-verify',
      { email: owner.email, code: await mailedCode(owner.email) },
      { remoteAddress: home },
    );
    expect(verified.statusCode).toBe(200);
    const token = body<ResetCodeResult>(verified).data.token;
    const reset = await post(
      t,
      '/api/user/forgetPassword/changePassword',
      { token, password: 'Fresh-meadow-77' },
      { remoteAddress: home },
    );
    expect(reset.statusCode).toBe(200);
    expect((await signin(owner.email, 'Fresh-meadow-77', home)).statusCode).toBe(200);
  }, 120_000);

  it('30 families signing in from one school address at 8 am all get in (successes never count)', async () => {
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    const emails = Array.from({ length: 30 }, () => uniqueEmail('school'));
    for (const email of emails)
      await createUserWithSession(t, { email, firstName: 'Sam', lastName: 'Rivera', passwordHash });
    const school = '198.51.100.80';
    // All at once, as the school's morning drop-off does.
    const statuses = await Promise.all(
      emails.map(async (email) => (await signin(email, STRONG_PASSWORD, school)).statusCode),
    );
    expect(statuses).toEqual(emails.map(() => 200));
    // Signing in again (a second device) counts no more than the first time.
    for (const email of emails.slice(0, 10))
      expect((await signin(email, STRONG_PASSWORD, school)).statusCode).toBe(200);
  }, 120_000);
});

describe('several API processes', () => {
  it('share the counters: failures seen by one count in another (the database holds them)', async () => {
    const second = await buildApp({ config: t.config, db: t.db, clock });
    await second.ready();
    try {
      const owner = await verifiedParent(t);
      const ip = nextIp();
      for (let i = 0; i < SIGNIN_IP_ACCOUNT_FAILURES.max; i++)
        expect((await signin(owner.email, `Wrong-guess-${i}`, ip)).statusCode).toBe(401);
      const viaSecond = await second.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: owner.email, password: 'Wrong-guess-x' },
        remoteAddress: ip,
      });
      expect(viaSecond.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('windows run on the injected clock', () => {
  it('an address paused for an account may try again when the window has passed', async () => {
    const owner = await verifiedParent(t);
    const ip = nextIp();
    for (let i = 0; i < SIGNIN_IP_ACCOUNT_FAILURES.max; i++) await signin(owner.email, `Wrong-guess-${i}`, ip);
    expect((await signin(owner.email, owner.password, ip)).statusCode).toBe(429);
    clock.advance(SIGNIN_IP_ACCOUNT_FAILURES.windowMs - 60_000);
    expect((await signin(owner.email, owner.password, ip)).statusCode).toBe(429);
    clock.advance(60_000);
    expect((await signin(owner.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('the per-account code cap opens again after its window', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < RESET_CODES_PER_ACCOUNT.max; i++) expect((await forgot(email, nextIp())).statusCode).toBe(200);
    expect((await forgot(email, nextIp())).statusCode).toBe(429);
    clock.advance(RESET_CODES_PER_ACCOUNT.windowMs);
    expect((await forgot(email, nextIp())).statusCode).toBe(200);
  }, 60_000);
});
