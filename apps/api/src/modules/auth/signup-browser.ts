import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { oneTimeTokens } from '@kikstart/db';
import { httpOnlyCookie } from '../../lib/cookies.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/**
 * The browser that signed up gets a random secret in an HttpOnly cookie, bound in the database to
 * the new account for a short time. When that browser opens the verification link, the page's
 * POST carries the cookie and the account is signed in there; the same link opened anywhere else
 * (another device, a mail scanner) verifies the address and signs nobody in.
 */
export const SIGNUP_BROWSER_COOKIE = 'kikstart_signup';
/** Long enough to read the mail and click; short enough that a forgotten cookie is soon worthless. */
export const SIGNUP_BROWSER_TTL_MS = 30 * 60_000;
/** Sent only to the verification endpoint, nowhere else. */
export const SIGNUP_BROWSER_COOKIE_PATH = '/api/user/email-verify';

/**
 * A new cookie secret. Bound to `userId` when there is one; an address that already had an
 * account gets an unbound secret, so the answer to sign-up looks the same either way.
 */
export async function issueSignupBrowser(db: Db, now: Date, userId: string | null): Promise<string> {
  const token = newToken();
  if (userId)
    await db.insert(oneTimeTokens).values({
      purpose: 'signup_browser',
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SIGNUP_BROWSER_TTL_MS),
    });
  return token;
}

/**
 * Uses the cookie secret once, if it is live and was issued for `userId`'s sign-up. A cookie of
 * another account, an expired or a used one, or a made-up value claims nothing.
 */
export async function claimSignupBrowser(opts: { db: Db; now: Date; token: string; userId: string }): Promise<boolean> {
  if (opts.token.length > 200) return false;
  const claimed = await opts.db
    .update(oneTimeTokens)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(oneTimeTokens.purpose, 'signup_browser'),
        eq(oneTimeTokens.tokenHash, hashToken(opts.token)),
        eq(oneTimeTokens.userId, opts.userId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, opts.now),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return claimed.length > 0;
}

/** Set-Cookie for a new secret, or (`null`) one that removes it. */
export function signupBrowserCookie(token: string | null, options: { secure: boolean }): string {
  return httpOnlyCookie(SIGNUP_BROWSER_COOKIE, token ?? '', {
    path: SIGNUP_BROWSER_COOKIE_PATH,
    maxAgeSeconds: token ? SIGNUP_BROWSER_TTL_MS / 1000 : 0,
    secure: options.secure,
  });
}
