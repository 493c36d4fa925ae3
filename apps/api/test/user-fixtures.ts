import { and, desc, eq, sql } from 'drizzle-orm';
import { families, mailOutbox, oneTimeTokens, sessions, users } from '@kikstart/db';
import { body, type TestApp } from './test-app.ts';

let ipCounter = 0;
/** A fresh client address per call, so per-IP limits only bite where a test wants them. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.200.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let emailCounter = 0;
export const uniqueEmail = (prefix = 'parent') => `${prefix}${++emailCounter}-${Date.now()}@family.example`;

export function post(t: TestApp, url: string, payload: unknown, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    remoteAddress: options.remoteAddress ?? nextIp(),
    headers: { 'content-type': 'application/json', ...options.headers },
  });
}

export const STRONG_PASSWORD = 'Blue-kite-river-42';

export const signupPayload = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maya',
  lastName: 'Okafor',
  email: uniqueEmail(),
  phone: '(415) 555-0134',
  password: STRONG_PASSWORD,
  ...overrides,
});

/** Mails queued for an address, newest first. */
export async function mailsTo(t: TestApp, to: string) {
  return t.db.select().from(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, to.toLowerCase())).orderBy(desc(mailOutbox.createdAt));
}

/** The query parameter `name` of the first link in the newest mail to `to` whose link contains `path`. */
export async function linkParam(t: TestApp, to: string, path: string, name: string) {
  for (const mail of await mailsTo(t, to)) {
    const link = mail.links.find((l) => l.includes(path));
    if (link) return new URL(link).searchParams.get(name)!;
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/** Signs up through the API and returns the verification token from the mail. */
export async function signupViaApi(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const res = await post(t, '/api/user/signup', payload);
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const email = String(payload.email).toLowerCase();
  const verifyToken = await linkParam(t, email, '/auth/verify-email', 'token');
  return { ...payload, email, verifyToken };
}

/** A verified parent made through the API, signed in. */
export async function verifiedParent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = await signupViaApi(t, overrides);
  const verified = await t.app.inject({ url: `/api/user/email-verify?token=${encodeURIComponent(account.verifyToken)}`, remoteAddress: nextIp() });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const signin = await post(t, '/api/user/signin', { email: account.email, password: account.password });
  if (signin.statusCode !== 200) throw new Error(`signin failed: ${signin.body}`);
  const token = body<{ token: string }>(signin).data.token;
  return { ...account, token, headers: { 'x-access-token': token } };
}

export async function userByEmail(t: TestApp, email: string) {
  const [row] = await t.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function liveSessionCount(t: TestApp, userId: string) {
  const rows = await t.db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
  return rows.length;
}

/** Row counts of the tables account writes touch, to prove a refused request changed nothing. */
export async function accountRowCounts(t: TestApp) {
  const [u, f, tk, m, s] = await Promise.all(
    [users, families, oneTimeTokens, mailOutbox, sessions].map((table) => t.db.select({ n: sql<number>`count(*)::int` }).from(table)),
  );
  return { users: u![0]!.n, families: f![0]!.n, tokens: tk![0]!.n, mails: m![0]!.n, sessions: s![0]!.n };
}
