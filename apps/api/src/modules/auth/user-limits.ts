import type { Db } from '@kikstart/db';
import { tooManyAttemptsMessage } from '@kikstart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import {
  clientAddressKey,
  pruneThrottle,
  throttleHit,
  throttleKey,
  throttleWait,
  type ThrottleLimit,
} from '../../lib/rate-limiter.ts';

/**
 * Limits of the account endpoints, in one place. The rule: throttle the attacker, never the
 * owner. Failures count per client address and per (address, account), never for the account
 * as a whole, so guesses from elsewhere cannot pause the owner who has the password, and a
 * right password never counts. These counters are in the database (shared by every API
 * process) and use the injected clock. The only account-wide counter is the reset-code cap,
 * which bounds the code-guessing budget (see resetCodeGuessBound) and is generous.
 *
 * Coarse per-IP request caps on the mail-sending endpoints use @fastify/rate-limit (`ipLimit`,
 * in memory, per process): they only stop floods, the database counters carry the rules.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Per client address: wrong passwords for any accounts. A school's shared address has room for typos. */
export const SIGNIN_IP_FAILURES: ThrottleLimit = { max: 30, windowMs: 15 * MINUTE };
/** Per (client address, account): wrong passwords before this address must wait. */
export const SIGNIN_IP_ACCOUNT_FAILURES: ThrottleLimit = { max: 5, windowMs: 15 * MINUTE };
/** Signed-in password change: wrong current passwords per account (the caller holds its session). */
export const CHANGE_PASSWORD_FAILURES: ThrottleLimit = { max: 5, windowMs: 15 * MINUTE };
/** Per (client address, account): reset mails. Slows mail to one inbox; other addresses are unaffected. */
export const FORGOT_IP_ACCOUNT_LIMIT: ThrottleLimit = { max: 3, windowMs: HOUR };
/**
 * Per account, from every address: reset codes issued. Generous (a whole school could ask for
 * the same account's code and the owner still gets one), and small enough that codes × tries
 * per code keeps a guesser's yearly chance under 1%.
 */
export const RESET_CODES_PER_ACCOUNT: ThrottleLimit = { max: 24, windowMs: 3 * DAY };
/** Per (client address, account): verification links sent again. */
export const RESEND_IP_ACCOUNT_LIMIT: ThrottleLimit = { max: 3, windowMs: HOUR };
/** Per account: "someone tried to sign up with your address" notices; more are not sent. */
export const SIGNUP_NOTICE_PER_ACCOUNT: ThrottleLimit = { max: 1, windowMs: HOUR };

/** @fastify/rate-limit per-IP request caps (all requests count). */
export const SIGNUP_IP_LIMIT = { max: 5, timeWindow: HOUR } as const;
export const FORGOT_IP_LIMIT = { max: 5, timeWindow: HOUR } as const;
export const RESEND_IP_LIMIT = { max: 5, timeWindow: HOUR } as const;
/** Token and code checks: generous for people, a wall for guessing from one address. */
export const TOKEN_CHECK_IP_LIMIT = { max: 20, timeWindow: 15 * MINUTE } as const;
export const CHANGE_PASSWORD_IP_LIMIT = { max: 10, timeWindow: 15 * MINUTE } as const;
/** Signed-in coach-role requests: also rate-limited, though a second pending one is a 409 anyway. */
export const COACH_ROLE_REQUEST_RATE_LIMIT = { max: 5, timeWindow: 10 * MINUTE } as const;

/** Per-IP route config with the auth 429 message ('Too many attempts. Please try again in N minutes.'). */
export const ipLimit = (limit: { max: number; timeWindow: number }) => ({
  rateLimit: {
    ...limit,
    errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) =>
      new AppError('RATE_LIMITED', tooManyAttemptsMessage(ctx.ttl)),
  },
});

const addr = clientAddressKey;

/** The keys of the counters, by what they count (an IPv6 client by its /64). */
export const limitKeys = {
  signinIp: (ip: string) => throttleKey('signin-fail-ip', addr(ip)),
  signinIpAccount: (ip: string, email: string) => throttleKey('signin-fail-ip-account', addr(ip), email.toLowerCase()),
  changePassword: (userId: string) => throttleKey('change-password-fail', userId),
  forgotIpAccount: (ip: string, email: string) => throttleKey('forgot-ip-account', addr(ip), email.toLowerCase()),
  resetCodes: (email: string) => throttleKey('reset-codes', email.toLowerCase()),
  resendIpAccount: (ip: string, email: string) => throttleKey('resend-ip-account', addr(ip), email.toLowerCase()),
  signupNotice: (email: string) => throttleKey('signup-notice', email.toLowerCase()),
};

const tooMany = (wait: number) => new AppError('RATE_LIMITED', tooManyAttemptsMessage(wait));

/** Throws the 429 when any of the counters has reached its limit (counts nothing). */
export async function assertUnderLimits(db: Db, now: Date, checks: [key: string, limit: ThrottleLimit][]) {
  const waits = await Promise.all(checks.map(([key, limit]) => throttleWait(db, key, limit, now)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw tooMany(wait);
}

/** Counts one hit, throwing the 429 when that hit is over the limit. */
export async function consumeLimit(db: Db, now: Date, key: string, limit: ThrottleLimit) {
  await pruneNowAndThen(db, now);
  const wait = await throttleHit(db, key, limit, now);
  if (wait > 0) throw tooMany(wait);
}

/** Counts one hit without refusing (a failure that is already being answered). */
export async function countHit(db: Db, now: Date, key: string, limit: ThrottleLimit) {
  await pruneNowAndThen(db, now);
  await throttleHit(db, key, limit, now);
}

const LONGEST_WINDOW_MS = Math.max(
  ...[
    SIGNIN_IP_FAILURES,
    SIGNIN_IP_ACCOUNT_FAILURES,
    CHANGE_PASSWORD_FAILURES,
    FORGOT_IP_ACCOUNT_LIMIT,
    RESET_CODES_PER_ACCOUNT,
    RESEND_IP_ACCOUNT_LIMIT,
    SIGNUP_NOTICE_PER_ACCOUNT,
  ].map((l) => l.windowMs),
);
const lastPrune = new WeakMap<Db, number>();

/** At most once an hour per process and database, drops counters no window can still read. */
async function pruneNowAndThen(db: Db, now: Date) {
  const last = lastPrune.get(db);
  if (last !== undefined && now.getTime() - last < HOUR) return;
  lastPrune.set(db, now.getTime());
  await pruneThrottle(db, new Date(now.getTime() - LONGEST_WINDOW_MS));
}

/**
 * The most a guesser can hope for against one account's reset codes in a year, from the limits
 * above: every code it can have issued, times the tries each code allows, over 10^digits. A
 * fixed window can be entered once more than the year holds windows (one straddling each end).
 * Per-address limits (TOKEN_CHECK_IP_LIMIT) only lower this for a guesser with few addresses.
 */
export function resetCodeGuessBound(opts: {
  codesPerAccount: ThrottleLimit;
  triesPerCode: number;
  codeDigits: number;
  periodMs?: number;
}) {
  const periodMs = opts.periodMs ?? 365 * DAY;
  const windows = Math.ceil(periodMs / opts.codesPerAccount.windowMs) + 1;
  const guesses = windows * opts.codesPerAccount.max * opts.triesPerCode;
  return guesses / 10 ** opts.codeDigits;
}
