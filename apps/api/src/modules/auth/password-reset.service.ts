import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { oneTimeTokens, users } from '@kikstart/db';
import {
  AUTH_MESSAGES,
  RESET_CODE_LENGTH,
  type ResetCodeResult,
  type resetPasswordSchema,
} from '@kikstart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueMail } from '../mail/mail.service.ts';
import { revokeUserSessions } from './sessions.service.ts';
import { rotateFeedSecretIfAny } from '../calendar/calendar.service.ts';
import { runOrRollBack, UNIFORM_RESPONSE_MS } from './signup.service.ts';
import { findUserByEmail } from './user-common.ts';
import { throttleReset } from '../../lib/rate-limiter.ts';
import { FORGOT_IP_ACCOUNT_LIMIT, RESET_CODES_PER_ACCOUNT, consumeLimit, limitKeys } from './user-limits.ts';
import { passwordChangedMail, resetCodeMail } from './user-mail.ts';
import { withMinimumDuration } from './user-common.ts';

export const RESET_CODE_TTL_MS = 30 * 60_000;
/** Tries a code allows (the last wrong one burns it); with RESET_CODES_PER_ACCOUNT this bounds guessing. */
export const RESET_CODE_MAX_ATTEMPTS = 3;
/** The reset token that account-verify returns: single use, short-lived. */
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/** Codes are six digits, so the stored hash is salted with the user id (and never collides between users). */
const codeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);
const NO_USER = '00000000-0000-0000-0000-000000000000';

type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

/** Marks the account's unused tokens of these purposes used (but `except`, the one being spent). */
const burnOpenTokens = (tx: Db, opts: { userId: string; now: Date; purposes: TokenPurpose[]; except?: string }) =>
  tx
    .update(oneTimeTokens)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(oneTimeTokens.userId, opts.userId),
        inArray(oneTimeTokens.purpose, opts.purposes),
        isNull(oneTimeTokens.usedAt),
        opts.except ? ne(oneTimeTokens.id, opts.except) : undefined,
      ),
    );

export interface ForgotOptions {
  db: Db;
  now: Date;
  publicUrl: string;
  email: string;
  /** The client address: mails to one account are slowed per address. */
  ip: string;
}

/**
 * Mails a six-digit code and a reset link. The answer is the same whether or not the account
 * exists, in about the same time: the same writes happen and are rolled back when there is no
 * account. A new code replaces any earlier one. Requests count per (address, account), so
 * requests from elsewhere never hold up the owner's, and codes per account have a generous cap
 * (known and unknown addresses alike) that bounds the guessing budget.
 */
export async function requestPasswordReset({ db, now, publicUrl, email, ip }: ForgotOptions) {
  await consumeLimit(db, now, limitKeys.forgotIpAccount(ip, email), FORGOT_IP_ACCOUNT_LIMIT);
  await consumeLimit(db, now, limitKeys.resetCodes(email), RESET_CODES_PER_ACCOUNT);
  await withMinimumDuration(UNIFORM_RESPONSE_MS, async () => {
    const user = await findUserByEmail(db, email);
    const userId = user?.id ?? NO_USER;
    const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
    await runOrRollBack(db, !!user, async (tx) => {
      // One request per account at a time (keyed by the address when there is no account, so the
      // same statements run either way): two at once would each burn the codes before them and
      // both insert, leaving two live codes where a new one replaces the last.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`password-reset:${user?.id ?? email}`}, 0))`,
      );
      await burnOpenTokens(tx, { userId, now, purposes: ['password_reset_code'] });
      await tx.insert(oneTimeTokens).values({
        purpose: 'password_reset_code',
        userId: user?.id ?? null,
        email,
        tokenHash: codeHash(userId, code),
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
      });
      await queueMail({
        db: tx,
        to: user?.email ?? email,
        template: 'password-reset-code',
        content: resetCodeMail({
          publicUrl,
          firstName: user?.emailVerifiedAt ? user.firstName : undefined,
          email,
          code,
          ttlMinutes: RESET_CODE_TTL_MS / 60_000,
        }),
      });
    });
  });
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks the code from the reset mail and returns a reset token. A wrong code counts against
 * the code; after RESET_CODE_MAX_ATTEMPTS it is burnt. Unknown email, no code, expired, burnt
 * and wrong all get the same answer.
 */
export async function verifyResetCode({
  db,
  now,
  email,
  code,
}: {
  db: Db;
  now: Date;
  email: string;
  code: string;
}): Promise<ResetCodeResult> {
  const invalid = () =>
    new AppError('BAD_REQUEST', AUTH_MESSAGES.resetCodeWrong, { code: AUTH_MESSAGES.resetCodeWrong });
  const user = await findUserByEmail(db, email);
  if (!user) throw invalid();
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.purpose, 'password_reset_code'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        lt(oneTimeTokens.attempts, RESET_CODE_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  if (!row) throw invalid();

  if (!sameHash(row.tokenHash, codeHash(user.id, code))) {
    // Atomic, so parallel guesses cannot get more than the allowed tries between them.
    await db
      .update(oneTimeTokens)
      .set({
        attempts: sql`${oneTimeTokens.attempts} + 1`,
        usedAt: sql`case when ${oneTimeTokens.attempts} + 1 >= ${RESET_CODE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)));
    throw invalid();
  }

  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.id, row.id),
          isNull(oneTimeTokens.usedAt),
          lt(oneTimeTokens.attempts, RESET_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: oneTimeTokens.id });
    if (!used) throw invalid();
    await tx.insert(oneTimeTokens).values({
      purpose: 'password_reset',
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
    });
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

export interface ResetPasswordOptions {
  db: Db;
  now: Date;
  publicUrl: string;
  input: z.output<typeof resetPasswordSchema>;
  /** The client address, whose sign-in failures for this account the reset clears. */
  ip: string;
}

/**
 * Sets a new password with the reset token, once. Every session of the account is revoked,
 * outstanding codes are burnt, and the email counts as verified (the code came through it).
 */
export async function resetPassword({ db, now, publicUrl, input, ip }: ResetPasswordOptions) {
  const invalid = () =>
    new AppError('RESET_TOKEN_INVALID', AUTH_MESSAGES.resetTokenInvalid, { token: AUTH_MESSAGES.resetTokenInvalid });
  const tokenHash = hashToken(input.token);
  const live = and(
    eq(oneTimeTokens.purpose, 'password_reset'),
    eq(oneTimeTokens.tokenHash, tokenHash),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
  const [row] = await db.select({ id: oneTimeTokens.id, userId: oneTimeTokens.userId }).from(oneTimeTokens).where(live);
  if (!row?.userId) throw invalid();
  const userId = row.userId;
  // Hash outside the transaction: argon2 is slow on purpose.
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.id, row.id), live))
      .returning({ id: oneTimeTokens.id });
    if (!used) throw invalid();
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email, firstName: users.firstName });
    if (!updated) throw invalid();
    await burnOpenTokens(tx, { userId, now, purposes: ['password_reset_code', 'password_reset'], except: row.id });
    await revokeUserSessions(tx as unknown as Db, userId, { now });
    const calendarLinkChanged = await rotateFeedSecretIfAny(tx, { userId, now });
    await queueMail({
      db: tx as unknown as Db,
      to: updated.email,
      template: 'password-changed',
      content: passwordChangedMail({ publicUrl, firstName: updated.firstName, calendarLinkChanged }),
    });
    return updated;
  });
  // The owner proved control of the mailbox: lift this address's sign-in pause for the account.
  await throttleReset(db, limitKeys.signinIpAccount(ip, user.email));
}
