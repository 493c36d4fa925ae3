import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newsletterSubscribers, oneTimeTokens } from '@kikstart/db';
import { LEAD_SUCCESS } from '@kikstart/contract/leads';
import { body, useTestApp } from '../../../test/test-app.ts';
import { hashToken } from '../../lib/tokens.ts';
import { FORM_RATE_LIMIT, NEWSLETTER_CONFIRM_TTL_MS, NEWSLETTER_RESEND_INTERVAL_MS } from './lead-limits.ts';
import { CONFIRM_LINK_INVALID, UNSUBSCRIBE_LINK_INVALID } from './newsletter.service.ts';
import { WRONG_TYPES, countRows, mailsFor, postJson } from '../../../test/lead-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { nextIp } from '../../../test/client-ip.ts';

const t = useTestApp();

const signUp = (email: string, extra: Record<string, unknown> = {}, ip?: string) =>
  postJson(t, '/api/newsletter/add', { email, ...extra }, ip);
const confirm = (token: unknown) => postJson(t, '/api/newsletter/confirm', { token });
const unsubscribe = (token: unknown) => postJson(t, '/api/newsletter/unsubscribe', { token });

const subscriber = async (email: string) =>
  t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
const tokensOf = (email: string) =>
  t.db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, 'newsletter_confirm'), eq(oneTimeTokens.email, email)));

/** The confirmation mails sent to an address, newest first, with the tokens their links carry. */
async function confirmationMails(email: string) {
  const mails = (await mailsFor(t, 'newsletter-confirm')).filter((m) => m.to === email);
  return mails.map((m) => {
    const tokenIn = (path: string) => {
      const link = m.links.find((l) => l.startsWith(`${t.config.publicUrl}${path}?token=`));
      return link ? new URL(link).searchParams.get('token')! : undefined;
    };
    return {
      mail: m,
      confirmToken: tokenIn('/newsletter/confirm'),
      unsubscribeToken: tokenIn('/newsletter/unsubscribe'),
    };
  });
}

/** Moves every confirmation of an address back in time, as if the resend interval had passed. */
const ageTokens = (email: string, ms: number) =>
  t.db
    .update(oneTimeTokens)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(and(eq(oneTimeTokens.purpose, 'newsletter_confirm'), eq(oneTimeTokens.email, email)));

describe('newsletter double opt-in', () => {
  it('signs up as pending and mails a confirmation link and an unsubscribe link; the token is stored hashed', async () => {
    const res = await signUp('  Olivia.Chen@Example.com ');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(LEAD_SUCCESS.newsletterAdd);
    const email = 'olivia.chen@example.com';
    const [sub] = await subscriber(email);
    expect(sub?.status).toBe('pending');
    expect(sub?.unsubscribeToken.length).toBeGreaterThanOrEqual(40);

    const [sent] = await confirmationMails(email);
    expect(sent?.confirmToken).toBeTruthy();
    expect(sent?.unsubscribeToken).toBe(sub!.unsubscribeToken);
    expect(sent!.mail.text).toContain(`${t.config.publicUrl}/newsletter/unsubscribe?token=${sub!.unsubscribeToken}`);

    const [token] = await tokensOf(email);
    expect(token!.tokenHash).toBe(hashToken(sent!.confirmToken!));
    expect(token!.tokenHash).not.toContain(sent!.confirmToken!);
    const ttl = token!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(NEWSLETTER_CONFIRM_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(NEWSLETTER_CONFIRM_TTL_MS);
  });

  it('confirms once with the token and staff hear of the new subscriber once', async () => {
    const email = 'ben.okoro@example.com';
    await signUp(email);
    const [{ confirmToken } = {}] = await confirmationMails(email);
    const res = await confirm(confirmToken);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(LEAD_SUCCESS.newsletterConfirm);
    expect(body<{ email: string }>(res).data.email).toBe(email);
    const [sub] = await subscriber(email);
    expect(sub?.status).toBe('confirmed');
    expect(sub?.confirmedAt).toBeInstanceOf(Date);
    const staff = (await mailsFor(t, 'newsletter-confirmed-staff')).filter((m) => m.text.includes(email));
    expect(staff).toHaveLength(1);
    expect(staff[0]!.to).toBe(t.config.staffEmail);
  });

  it('a confirmation link opened twice (reload, scanner) says it is done, with no second staff mail', async () => {
    const email = 'twice.clicked@example.com';
    await signUp(email);
    const [{ confirmToken } = {}] = await confirmationMails(email);
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    const { confirmedAt } = (await subscriber(email))[0]!;
    for (const attempt of [1, 2]) {
      const again = await confirm(confirmToken);
      expect(again.statusCode, `attempt ${attempt}`).toBe(200);
      expect(body(again).message).toBe(LEAD_SUCCESS.newsletterAlreadyConfirmed);
      expect(body<{ email: string }>(again).data.email).toBe(email);
    }
    const [sub] = await subscriber(email);
    expect(sub?.status).toBe('confirmed');
    expect(sub?.confirmedAt).toEqual(confirmedAt);
    expect((await mailsFor(t, 'newsletter-confirmed-staff')).filter((m) => m.text.includes(email))).toHaveLength(1);
  });

  it('a spent link of an address that unsubscribed since, or is pending again, is still refused', async () => {
    const email = 'left.then.returned@example.com';
    await signUp(email);
    const [{ confirmToken, unsubscribeToken } = {}] = await confirmationMails(email);
    await confirm(confirmToken);
    await unsubscribe(unsubscribeToken);
    const afterLeaving = await confirm(confirmToken);
    expect(afterLeaving.statusCode).toBe(400);
    expect(body(afterLeaving).errors?.token).toBe(CONFIRM_LINK_INVALID);
    await ageTokens(email, NEWSLETTER_RESEND_INTERVAL_MS + 1000);
    await signUp(email);
    expect((await subscriber(email))[0]?.status).toBe('pending');
    expect(body(await confirm(confirmToken)).errors?.token).toBe(CONFIRM_LINK_INVALID);
  });

  it('refuses an expired confirmation link', async () => {
    const email = 'expired.link@example.com';
    await signUp(email);
    const [{ confirmToken } = {}] = await confirmationMails(email);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(confirmToken!)));
    const res = await confirm(confirmToken);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.token).toBe(CONFIRM_LINK_INVALID);
    expect((await subscriber(email))[0]?.status).toBe('pending');
  });

  it('refuses unknown, empty and wrongly typed tokens without a 500', async () => {
    expect(body(await confirm('not-a-real-token-at-all')).errors?.token).toBe(CONFIRM_LINK_INVALID);
    expect(body(await confirm("'; drop table users; --")).errors?.token).toBe(CONFIRM_LINK_INVALID);
    expect(body(await confirm('   ')).errors?.token).toBe('This link is missing its token');
    expect(body(await unsubscribe('')).errors?.token).toBe('This link is missing its token');
    for (const token of WRONG_TYPES) {
      expect((await confirm(token)).statusCode).toBe(400);
      expect((await unsubscribe(token)).statusCode).toBe(400);
    }
    expect((await confirm('x'.repeat(201))).statusCode).toBe(400);
    // PostgreSQL cannot compare text holding NUL: this must be a 400, not a database error.
    expect((await confirm('abc\u0000def')).statusCode).toBe(400);
    expect((await unsubscribe('abc\u0000def')).statusCode).toBe(400);
  });

  it('a repeated sign-up is the same 200, never a second row; a pending address gets the mail again, rate-limited', async () => {
    const email = 'repeat.signup@example.com';
    const first = await signUp(email);
    const second = await signUp(email.toUpperCase());
    expect(second.statusCode).toBe(200);
    expect(body(second)).toEqual(body(first));
    expect(await subscriber(email)).toHaveLength(1);
    // Within the resend interval: no second mail.
    expect(await confirmationMails(email)).toHaveLength(1);

    await ageTokens(email, NEWSLETTER_RESEND_INTERVAL_MS + 1000);
    expect((await signUp(email)).statusCode).toBe(200);
    const mails = await confirmationMails(email);
    expect(mails).toHaveLength(2);
    expect(await subscriber(email)).toHaveLength(1);
    expect(await tokensOf(email)).toHaveLength(2);
    // Either link confirms; afterwards the other one is spent too, and says it is done.
    expect(body(await confirm(mails[0]!.confirmToken)).message).toBe(LEAD_SUCCESS.newsletterConfirm);
    expect(body(await confirm(mails[1]!.confirmToken)).message).toBe(LEAD_SUCCESS.newsletterAlreadyConfirmed);
    expect(await tokensOf(email)).toHaveLength(2);
  });

  it('a confirmed address signing up again gets the same 200 and no mail', async () => {
    const email = 'already.in@example.com';
    await signUp(email);
    const [{ confirmToken } = {}] = await confirmationMails(email);
    await confirm(confirmToken);
    await ageTokens(email, NEWSLETTER_RESEND_INTERVAL_MS + 1000);
    const res = await signUp(email);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(LEAD_SUCCESS.newsletterAdd);
    expect(await confirmationMails(email)).toHaveLength(1);
    expect((await subscriber(email))[0]?.status).toBe('confirmed');
  });

  it.runIf(onPostgres)('simultaneous sign-ups of one address make one row and all answer 200', async () => {
    const email = 'double.click@example.com';
    const results = await Promise.all([signUp(email), signUp(email), signUp(email)]);
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await subscriber(email)).toHaveLength(1);
  });
});

describe('newsletter unsubscribe', () => {
  it('unsubscribes with the link from the mail, harmlessly twice, and voids the confirmation link', async () => {
    const email = 'leaving.soon@example.com';
    await signUp(email);
    const [{ confirmToken, unsubscribeToken } = {}] = await confirmationMails(email);
    const res = await unsubscribe(unsubscribeToken);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(LEAD_SUCCESS.newsletterUnsubscribe);
    const [sub] = await subscriber(email);
    expect(sub?.status).toBe('unsubscribed');
    expect(sub?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await unsubscribe(unsubscribeToken)).statusCode).toBe(200);
    // The confirmation still in the inbox must not sign them up again.
    expect((await confirm(confirmToken)).statusCode).toBe(400);
    expect((await subscriber(email))[0]?.status).toBe('unsubscribed');
  });

  it('a confirmed subscriber can unsubscribe', async () => {
    const email = 'confirmed.leaver@example.com';
    await signUp(email);
    const [{ confirmToken, unsubscribeToken } = {}] = await confirmationMails(email);
    await confirm(confirmToken);
    expect((await unsubscribe(unsubscribeToken)).statusCode).toBe(200);
    expect((await subscriber(email))[0]?.status).toBe('unsubscribed');
  });

  it('signing up again after unsubscribing goes back to pending with a new confirmation, same row', async () => {
    const email = 'came.back@example.com';
    await signUp(email);
    const [{ unsubscribeToken } = {}] = await confirmationMails(email);
    await unsubscribe(unsubscribeToken);
    const res = await signUp(email);
    expect(res.statusCode).toBe(200);
    const rows = await subscriber(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('pending');
    expect(rows[0]!.unsubscribedAt).toBeNull();
    const mails = await confirmationMails(email);
    expect(mails).toHaveLength(2);
    expect((await confirm(mails[0]!.confirmToken)).statusCode).toBe(200);
    expect((await subscriber(email))[0]?.status).toBe('confirmed');
  });

  it('refuses an unknown unsubscribe token', async () => {
    const res = await unsubscribe('no-such-unsubscribe-token-0000000000');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.token).toBe(UNSUBSCRIBE_LINK_INVALID);
  });
});

describe('newsletter sign-up validation and spam protection', () => {
  it('gives the email messages and stores nothing on 400', async () => {
    const before = await countRows(t);
    expect(body(await postJson(t, '/api/newsletter/add', {})).errors?.email).toBe('Email is required');
    expect(body(await signUp('   ')).errors?.email).toBe('Email is required');
    for (const email of ['nope', 'a@b', '<script>alert(1)</script>@x.com', "x'; drop table users; --@example.com"]) {
      const res = await signUp(email);
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.email).toBe('Enter a valid email address');
    }
    for (const email of WRONG_TYPES) expect((await signUp(email as string)).statusCode).toBe(400);
    expect((await signUp('a\u0000b@example.com')).statusCode).toBe(400);
    expect((await signUp('ok@example.com', { website: '\u0000' })).statusCode).toBe(400);
    expect(body(await signUp(`${'a'.repeat(250)}@example.com`)).errors?.email).toBe('Email is too long');
    expect(await countRows(t)).toEqual(before);
  });

  it('a filled honeypot gets the same 200 and nothing is stored or sent', async () => {
    const before = await countRows(t);
    const res = await signUp('bot@spam.example', { website: 'https://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(LEAD_SUCCESS.newsletterAdd);
    // The answer a real sign-up gets: the address, nothing more.
    expect(body(res).data).toEqual({ email: 'bot@spam.example' });
    expect(await countRows(t)).toEqual(before);
    const invalid = await signUp('not-an-email', { website: 'https://spam.example' });
    expect(invalid.statusCode).toBe(400);
    expect(await countRows(t)).toEqual(before);
  });

  it(`rate-limits sign-ups to ${FORM_RATE_LIMIT.max} per IP per window`, async () => {
    const ip = nextIp();
    for (let i = 0; i < FORM_RATE_LIMIT.max; i++)
      expect((await signUp(`rate${i}@example.com`, {}, ip)).statusCode).toBe(200);
    const res = await signUp('rate-over@example.com', {}, ip);
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toMatch(/^Too many requests/);
    expect(await subscriber('rate-over@example.com')).toHaveLength(0);
  });
});
