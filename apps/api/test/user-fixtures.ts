import { and, desc, eq, sql } from 'drizzle-orm';
import { families, mailOutbox, oneTimeTokens, sessions, users } from '@kikstart/db';
import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import type { Role } from '@kikstart/contract/roles';
import { createSession } from '../src/modules/auth/sessions.service.ts';
import { nextIp } from './client-ip.ts';
import { body, type TestApp } from './test-app.ts';

/**
 * Users for API tests, one place: `createUserWithSession` writes a verified user straight to the
 * database (fast; no mail, no limits), `verifiedParent` goes through sign-up, the mailed link
 * and sign-in (for tests about those flows). Both answer { userId, familyId, email, token, headers }.
 */

let emailCounter = 0;
export const uniqueEmail = (prefix = 'parent') => `${prefix}${++emailCounter}-${Date.now()}@family.example`;

export interface TestUserOptions {
  role?: Role;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** A real hash (`hashPassword`) when the test signs in with a password; otherwise none works. */
  passwordHash?: string;
}

/** A verified user made directly in the database, with a live session. Parents get a family of their own. */
export async function createUserWithSession(t: TestApp, options: TestUserOptions = {}) {
  const role = options.role ?? 'parent';
  const email = options.email ?? uniqueEmail(role);
  const familyId =
    role === 'parent' ? (await t.db.insert(families).values({}).returning({ id: families.id }))[0]!.id : null;
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'User',
      staffRoles: role === 'parent' ? [] : [role],
      familyId,
      // Not a valid argon2 hash unless one is given: then only the token signs this user in.
      passwordHash: options.passwordHash ?? 'test-only',
      emailVerifiedAt: t.clock.now(),
    })
    .returning({ id: users.id });
  const { token } = await createSession({ db: t.db, now: t.clock.now(), userId: user!.id });
  return { userId: user!.id, familyId, email, token, headers: { 'x-access-token': token } };
}

/** A second parent on a family's account (a guardian, verified, no session); answers the address. */
export async function addGuardian(t: TestApp, familyId: string) {
  const email = uniqueEmail('guardian');
  await t.db.insert(users).values({
    email,
    firstName: 'Second',
    lastName: 'Guardian',
    familyId,
    passwordHash: 'test-only',
    emailVerifiedAt: t.clock.now(),
  });
  return email;
}

/** A new live session for an existing account. */
/** Two unrelated parents and a coach: the cast of the family-scoping tests (own data, another family's 404, a coach's 403). */
export async function parentsAndCoach(t: TestApp) {
  const parent = await createUserWithSession(t);
  const other = await createUserWithSession(t);
  const coach = await createUserWithSession(t, { role: 'coach' });
  return { parent, other, coach };
}

export async function sessionFor(t: TestApp, email: string) {
  const [user] = await t.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) throw new Error(`no account for ${email}`);
  const { token } = await createSession({ db: t.db, now: t.clock.now(), userId: user.id });
  return { userId: user.id, familyId: user.familyId, email: user.email, token, headers: { 'x-access-token': token } };
}

/** A live session for one of the seeded demo accounts (parent has two children). */
export const demoSession = (t: TestApp, role: Role) => sessionFor(t, DEMO_ACCOUNTS.find((a) => a.role === role)!.email);

export function post(
  t: TestApp,
  url: string,
  payload: unknown,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
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

/** Mails queued for an address, newest first (by the queue's sequence: one transaction's mails share a timestamp). */
export async function mailsTo(t: TestApp, to: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()))
    .orderBy(desc(mailOutbox.seq));
}

/** The query parameter `name` of the first link in the newest mail to `to` whose link contains `path`. */
export async function linkParam(t: TestApp, to: string, path: string, name: string) {
  for (const mail of await mailsTo(t, to)) {
    const link = mail.links.find((l) => l.includes(path));
    if (link) return new URL(link).searchParams.get(name)!;
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/**
 * Signs up through the API and returns the verification token from the mail, and the sign-up
 * cookie the browser would keep (`signupCookie`, a Cookie header value).
 */
export async function signupViaApi(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const res = await post(t, '/api/user/signup', payload);
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const email = String(payload.email).toLowerCase();
  const verifyToken = await linkParam(t, email, '/auth/verify-email', 'token');
  const cookie = res.cookies.find((c) => c.name === 'kikstart_signup');
  return { ...payload, email, verifyToken, signupCookie: cookie ? `${cookie.name}=${cookie.value}` : '' };
}

/** A verified parent made through the API, signed in. */
export async function verifiedParent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = await signupViaApi(t, overrides);
  const verified = await t.app.inject({
    url: `/api/user/email-verify?token=${encodeURIComponent(account.verifyToken)}`,
    remoteAddress: nextIp(),
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const signin = await post(t, '/api/user/signin', { email: account.email, password: account.password });
  if (signin.statusCode !== 200) throw new Error(`signin failed: ${signin.body}`);
  const token = body<{ token: string }>(signin).data.token;
  const user = await userByEmail(t, account.email);
  return { ...account, userId: user!.id, familyId: user!.familyId, token, headers: { 'x-access-token': token } };
}

export async function userByEmail(t: TestApp, email: string) {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function liveSessionCount(t: TestApp, userId: string) {
  const rows = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
  return rows.length;
}

/** Row counts of the tables account writes touch, to prove a refused request changed nothing. */
export async function accountRowCounts(t: TestApp) {
  const [u, f, tk, m, s] = await Promise.all(
    [users, families, oneTimeTokens, mailOutbox, sessions].map((table) =>
      t.db.select({ n: sql<number>`count(*)::int` }).from(table),
    ),
  );
  return { users: u![0]!.n, families: f![0]!.n, tokens: tk![0]!.n, mails: m![0]!.n, sessions: s![0]!.n };
}
