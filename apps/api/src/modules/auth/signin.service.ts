import { randomBytes } from 'node:crypto';
import type { Db } from '@kikstart/db';
import { AUTH_MESSAGES, type SigninResult } from '@kikstart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import type { FileUrls } from '../../lib/signed-urls.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createSession, revokeSession, type AuthUser } from './sessions.service.ts';
import { findUserByEmail, toProfile } from './user-common.ts';
import { throttleReset } from '../../lib/rate-limiter.ts';
import {
  SIGNIN_IP_ACCOUNT_FAILURES,
  SIGNIN_IP_FAILURES,
  assertUnderLimits,
  countHit,
  limitKeys,
} from './user-limits.ts';

let dummyHash: Promise<string> | undefined;
/**
 * An argon2id hash of a random secret: unknown emails are verified against it, so they take
 * as long as a wrong password for a real account. Made once per process.
 */
export const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64url')));

export interface SigninOptions {
  db: Db;
  now: Date;
  /** Signs the avatar link in the answer. */
  fileUrls: FileUrls;
  email: string;
  password: string;
  /** The client address: failures count per address and per (address, account). */
  ip: string;
  userAgent?: string;
}

/**
 * Checks the password and opens a session. Unknown email and wrong password get the same 401.
 * Only failures count, per client address and per (address, account), whether or not the
 * account exists; guesses from other addresses never pause the owner, and a right password
 * never counts (it clears this address's failures for the account). A deactivated account is told
 * so and an unverified one to verify (only with the right password).
 */
export async function signin({
  db,
  now,
  fileUrls,
  email,
  password,
  ip,
  userAgent,
}: SigninOptions): Promise<SigninResult> {
  const ipKey = limitKeys.signinIp(ip);
  const accountKey = limitKeys.signinIpAccount(ip, email);
  // Checked before argon2, so a blocked address costs one read, not a hash.
  await assertUnderLimits(db, now, [
    [ipKey, SIGNIN_IP_FAILURES],
    [accountKey, SIGNIN_IP_ACCOUNT_FAILURES],
  ]);
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !matches) {
    await countHit(db, now, ipKey, SIGNIN_IP_FAILURES);
    await countHit(db, now, accountKey, SIGNIN_IP_ACCOUNT_FAILURES);
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.signinWrong);
  }
  await throttleReset(db, accountKey);
  // Only after the right password, so a guesser does not learn that the account exists.
  if (user.deactivatedAt) throw new AppError('ACCOUNT_DEACTIVATED', AUTH_MESSAGES.signinDeactivated);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_UNVERIFIED', AUTH_MESSAGES.signinUnverified);
  const { token } = await createSession({ db, now, userId: user.id, ip, userAgent });
  return { token, user: toProfile(user, fileUrls) };
}

/** Revokes the session the request came with; without one there is nothing to do. */
export async function logout({ db, now, user }: { db: Db; now: Date; user: AuthUser | null }) {
  if (user) await revokeSession(db, user.sessionId, now);
}
