import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { families, oneTimeTokens, users } from '@kikstart/db';
import { AUTH_MESSAGES, type EmailVerifyResult, type SignupResult, type signupSchema } from '@kikstart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { FileUrls } from '../../lib/signed-urls.ts';
import { createSession } from './sessions.service.ts';
import { claimSignupBrowser, issueSignupBrowser } from './signup-browser.ts';
import { queueMail } from '../mail/mail.service.ts';
import { throttleHit } from '../../lib/rate-limiter.ts';
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  toProfile,
  withMinimumDuration,
  type UserRow,
} from './user-common.ts';
import { RESEND_IP_ACCOUNT_LIMIT, SIGNUP_NOTICE_PER_ACCOUNT, consumeLimit, limitKeys } from './user-limits.ts';
import { signupExistingAccountMail, verifyEmailMail } from './user-mail.ts';

/** A verification link works once, for 48 hours. */
export const EMAIL_VERIFY_TTL_MS = 48 * 3600_000;
/**
 * "Same answer either way" endpoints (sign-up, resend, forgot password) answer no sooner than
 * this, and do the same expensive work in both branches.
 */
export const UNIFORM_RESPONSE_MS = 200;

export interface SignupOptions {
  db: Db;
  now: Date;
  publicUrl: string;
  input: z.output<typeof signupSchema>;
}

/**
 * Creates a parent with a new family, and queues the verification mail in the same transaction.
 * An address that already has an account gets the same answer, in about the same time (the
 * password is hashed either way), and its owner is mailed instead; no second account is made.
 * `browserToken` goes into the sign-up cookie (signup-browser.ts); it is bound to the new account
 * only, and the existing-address answer carries an unbound one, so the cookie tells nothing either.
 */
export async function signup({
  db,
  now,
  publicUrl,
  input,
}: SignupOptions): Promise<{ result: SignupResult; browserToken: string }> {
  const browserToken = await withMinimumDuration(UNIFORM_RESPONSE_MS, async () => {
    const passwordHash = await hashPassword(input.password);
    const existing = await findUserByEmail(db, input.email);
    if (existing) {
      await noticeExistingOwner({ db, now, publicUrl, owner: existing });
      return issueSignupBrowser(db, now, null);
    }
    try {
      return await db.transaction(async (tx) => {
        const [family] = await tx.insert(families).values({}).returning({ id: families.id });
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            passwordHash,
            familyId: family!.id,
          })
          .returning({ id: users.id });
        await issueVerification({ db: tx, now, publicUrl, userId: user!.id, email: input.email });
        return issueSignupBrowser(tx, now, user!.id);
      });
    } catch (err) {
      // Two sign-ups with the same address at once: the unique index decides, the other is the owner.
      if (!isUniqueViolation(err)) throw err;
      const owner = await findUserByEmail(db, input.email);
      if (owner) await noticeExistingOwner({ db, now, publicUrl, owner });
      return issueSignupBrowser(db, now, null);
    }
  });
  return { result: { email: input.email }, browserToken };
}

/** Mails the owner that someone used their address to sign up; at most SIGNUP_NOTICE_PER_ACCOUNT. */
async function noticeExistingOwner({
  db,
  now,
  publicUrl,
  owner,
}: {
  db: Db;
  now: Date;
  publicUrl: string;
  owner: UserRow;
}) {
  if ((await throttleHit(db, limitKeys.signupNotice(owner.email), SIGNUP_NOTICE_PER_ACCOUNT, now)) > 0) return;
  await queueMail({
    db,
    to: owner.email,
    template: 'signup-existing-account',
    content: signupExistingAccountMail({ publicUrl, firstName: owner.emailVerifiedAt ? owner.firstName : undefined }),
  });
}

async function issueVerification(opts: { db: Db; now: Date; publicUrl: string; userId: string | null; email: string }) {
  const token = newToken();
  await opts.db.insert(oneTimeTokens).values({
    purpose: 'email_verify',
    userId: opts.userId,
    email: opts.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(opts.now.getTime() + EMAIL_VERIFY_TTL_MS),
  });
  await queueMail({
    db: opts.db,
    to: opts.email,
    template: 'verify-email',
    content: verifyEmailMail({ publicUrl: opts.publicUrl, token, ttlHours: EMAIL_VERIFY_TTL_MS / 3600_000 }),
  });
}

export interface VerifyEmailOptions {
  db: Db;
  now: Date;
  token: string;
  /**
   * The sign-up cookie, from the POST the verification page makes (never from a GET: opening a
   * link must not sign anyone in). Absent, foreign, used or expired: the address is verified only.
   */
  browserToken?: string;
  /** Signs the avatar link of a new session's profile. */
  fileUrls: FileUrls;
  ip?: string;
  userAgent?: string;
}

/**
 * Marks the email verified; the token works once and expires. A token used before answers
 * "already verified" (a reload, a double click, a mail scanner got there first) and does nothing
 * else. The browser that signed up (its cookie bound to this account) is also signed in, once:
 * even when a scanner used the link first, since the cookie, not the link, is what it proves.
 */
export async function verifyEmail(
  opts: VerifyEmailOptions,
): Promise<{ data: EmailVerifyResult; message: string; browserClaimed: boolean }> {
  const { db, now, token, browserToken } = opts;
  return db.transaction(async (tx) => {
    const { userId, alreadyVerified } = await useVerifyToken(tx, now, token);
    const browserClaimed = browserToken
      ? await claimSignupBrowser({ db: tx, now, token: browserToken, userId })
      : false;
    let session: EmailVerifyResult['session'] = null;
    if (browserClaimed) {
      const user = (await findUserById(tx, userId))!;
      const created = await createSession({ db: tx, now, userId, ip: opts.ip, userAgent: opts.userAgent });
      session = { token: created.token, user: toProfile(user, opts.fileUrls) };
    }
    const message = session
      ? AUTH_MESSAGES.emailVerifiedSignedIn
      : alreadyVerified
        ? AUTH_MESSAGES.emailAlreadyVerified
        : AUTH_MESSAGES.emailVerified;
    return { data: { alreadyVerified, session }, message, browserClaimed };
  });
}

/** Uses an email_verify token, or finds it used before; anything else is an invalid link. */
async function useVerifyToken(tx: Db, now: Date, token: string) {
  const tokenIs = and(eq(oneTimeTokens.purpose, 'email_verify'), eq(oneTimeTokens.tokenHash, hashToken(token)));
  const [fresh] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(tokenIs, isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ userId: oneTimeTokens.userId });
  if (fresh?.userId) {
    await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, fresh.userId));
    // Other links sent to this account are now pointless: they answer "already verified".
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, fresh.userId),
          eq(oneTimeTokens.purpose, 'email_verify'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    return { userId: fresh.userId, alreadyVerified: false };
  }
  // Used links stay "done" even past their expiry: the address was verified, nothing is wrong.
  const [used] = await tx
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(and(tokenIs, isNotNull(oneTimeTokens.usedAt)));
  if (!used?.userId) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.verifyLinkInvalid);
  return { userId: used.userId, alreadyVerified: true };
}

export interface ResendOptions {
  db: Db;
  now: Date;
  publicUrl: string;
  email: string;
  /** The client address: resends count per (address, account). */
  ip: string;
}

/**
 * Sends a new verification link to an unverified account. Unknown and already verified
 * addresses get the same answer, in about the same time (the same writes, rolled back).
 * Earlier links stay valid until they expire. Resends count per (address, account), so
 * requests from elsewhere never hold up the owner's.
 */
export async function resendVerification({ db, now, publicUrl, email, ip }: ResendOptions) {
  await consumeLimit(db, now, limitKeys.resendIpAccount(ip, email), RESEND_IP_ACCOUNT_LIMIT);
  await withMinimumDuration(UNIFORM_RESPONSE_MS, async () => {
    const user = await findUserByEmail(db, email);
    const real = !!user && !user.emailVerifiedAt;
    await runOrRollBack(db, real, (tx) =>
      issueVerification({ db: tx, now, publicUrl, userId: real ? user.id : null, email }),
    );
  });
}

/** Runs `fn` in a transaction and commits only when `commit`; otherwise the same work is undone. */
export async function runOrRollBack(db: Db, commit: boolean, fn: (tx: Db) => Promise<void>) {
  try {
    await db.transaction(async (tx) => {
      await fn(tx as unknown as Db);
      if (!commit) tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
}
