import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calendarFeeds, mailOutbox, oneTimeTokens } from '@kikstart/db';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

const t = useTestApp();

const PASSWORD = 'Quiet-harbour-lamp-77';
const NEW_PASSWORD = 'Amber-canyon-violin-58';
const CALENDAR_SENTENCE = 'Your family calendar link changed too';

/** A signed-in parent whose password is PASSWORD. */
const parentWithPassword = async () => createUserWithSession(t, { passwordHash: await hashPassword(PASSWORD) });

/** The parent's feed URL, made on first ask. */
const feedUrl = async (headers: Record<string, string>) =>
  body<{ url: string }>(await t.app.inject({ method: 'GET', url: '/api/calendar/feed-url', headers })).data.url;

/** A parent with a password and a working feed URL. */
async function parentWithFeed() {
  const p = await parentWithPassword();
  const url = await feedUrl(p.headers);
  expect(await feedStatus(url)).toBe(200);
  return { ...p, feedUrl: url };
}

/** Changes the parent's password from PASSWORD to NEW_PASSWORD, from a given address. */
const changePassword = (headers: Record<string, string>, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/change-password',
    headers,
    payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    remoteAddress,
  });

const lastMailTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.seq)).at(-1)!;
const feedStatus = async (url: string) =>
  (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

describe('calendar feed secret and password changes', () => {
  it('a password change replaces the feed URL and the mail says so', async () => {
    const p = await parentWithFeed();
    const res = await changePassword(p.headers, '10.77.0.1');
    expect(res.statusCode).toBe(200);
    expect(await feedStatus(p.feedUrl)).toBe(404);
    const fresh = await feedUrl(p.headers);
    expect(fresh).not.toBe(p.feedUrl);
    expect(await feedStatus(fresh)).toBe(200);
    const mail = await lastMailTo(p.email);
    expect(mail.template).toBe('password-changed');
    expect(mail.text).toContain(CALENDAR_SENTENCE);
  });

  it('a password reset replaces the feed URL and the mail says so', async () => {
    const p = await parentWithFeed();
    const token = newToken();
    await t.db.insert(oneTimeTokens).values({
      purpose: 'password_reset',
      userId: p.userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgetPassword/changePassword',
      payload: { token, password: NEW_PASSWORD },
      remoteAddress: '10.77.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(await feedStatus(p.feedUrl)).toBe(404);
    const [feed] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, p.userId));
    expect(p.feedUrl).not.toContain(feed!.token);
    expect((await lastMailTo(p.email)).text).toContain(CALENDAR_SENTENCE);
  });

  it('without a feed, nothing is made and the mail does not mention one', async () => {
    const p = await parentWithPassword();
    const res = await changePassword(p.headers, '10.77.0.3');
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, p.userId))).toEqual([]);
    expect((await lastMailTo(p.email)).text).not.toContain('calendar');
  });
});
