import { tooManyAttemptsMessage } from '@kikstart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';

/**
 * Limits of the account endpoints, in one place. Per-IP limits use @fastify/rate-limit route
 * config; per-account limits use an in-memory RateLimiter keyed by the lower-cased email.
 * Both count per API process (in memory): N processes allow up to N times these numbers.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Per IP: every sign-in request counts. */
export const SIGNIN_IP_LIMIT = { max: 10, timeWindow: 15 * MINUTE } as const;
/** Per account: failed sign-ins (wrong password) before the account is paused. */
export const SIGNIN_ACCOUNT_FAILURES = { max: 5, windowMs: 15 * MINUTE } as const;
export const SIGNUP_IP_LIMIT = { max: 5, timeWindow: HOUR } as const;
export const FORGOT_IP_LIMIT = { max: 5, timeWindow: HOUR } as const;
export const FORGOT_ACCOUNT_LIMIT = { max: 3, windowMs: HOUR } as const;
/** Resending the verification link: same shape as forgot-password. */
export const RESEND_IP_LIMIT = { max: 5, timeWindow: HOUR } as const;
export const RESEND_ACCOUNT_LIMIT = { max: 3, windowMs: HOUR } as const;
/** Token and code checks: generous for people, a wall for guessing (codes also burn after 5 misses). */
export const TOKEN_CHECK_IP_LIMIT = { max: 20, timeWindow: 15 * MINUTE } as const;
/** Signed-in password change; wrong current passwords also count towards SIGNIN_ACCOUNT_FAILURES. */
export const CHANGE_PASSWORD_IP_LIMIT = { max: 10, timeWindow: 15 * MINUTE } as const;

/** Per-IP route config with the auth 429 message ('Too many attempts. Please try again in N minutes.'). */
export const ipLimit = (limit: { max: number; timeWindow: number }) => ({
  rateLimit: {
    ...limit,
    errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) => new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(ctx.ttl)),
  },
});

/** One set per app instance, so tests (and separate apps in one process) do not share counters. */
export interface AccountLimiters {
  signinFailures: RateLimiter;
  forgot: RateLimiter;
  resend: RateLimiter;
}

export const createAccountLimiters = (): AccountLimiters => ({
  signinFailures: new RateLimiter(SIGNIN_ACCOUNT_FAILURES),
  forgot: new RateLimiter(FORGOT_ACCOUNT_LIMIT),
  resend: new RateLimiter(RESEND_ACCOUNT_LIMIT),
});

/** Throws the 429 when `key` is over `limiter`'s limit. */
export function assertUnderLimit(limiter: RateLimiter, key: string) {
  const wait = limiter.retryAfter(key);
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(wait));
}

/** Counts one hit for `key`, throwing the 429 when that hit is over the limit. */
export function consumeLimit(limiter: RateLimiter, key: string) {
  const wait = limiter.consume(key);
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(wait));
}
