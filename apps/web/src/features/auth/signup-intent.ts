import Cookies from 'js-cookie';
import { safeNextPath } from './safe-next.ts';

/**
 * Where a guest was going when sign-in sent them to create an account (the Enroll wizard): kept
 * in this browser for as long as the sign-up cookie lasts (30 minutes), so the verification link
 * opened here brings them back. A cookie rather than storage: the link opens in a new tab, and
 * storage may be blocked. Other browsers never have it, as they get no session either.
 */
const SIGNUP_NEXT_COOKIE = 'kikstart_signup_next';
const SIGNUP_NEXT_DAYS = 30 / (24 * 60);

/** The `next` parameter if it is a safe path on this site, else ''. */
export const safeNext = (next: string | null | undefined) => safeNextPath(next, '', window.location.origin);

/** `?next=…` for a link that keeps the way back, or '' without one. */
export const nextQuery = (next: string) => (next ? `?next=${encodeURIComponent(next)}` : '');

export function rememberSignupNext(next: string) {
  if (!next) {
    Cookies.remove(SIGNUP_NEXT_COOKIE, { path: '/' });
    return;
  }
  Cookies.set(SIGNUP_NEXT_COOKIE, next, {
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    expires: SIGNUP_NEXT_DAYS,
  });
}

/** The remembered path (checked again), or ''. */
export const signupNext = () => safeNext(Cookies.get(SIGNUP_NEXT_COOKIE));

export const forgetSignupNext = () => Cookies.remove(SIGNUP_NEXT_COOKIE, { path: '/' });
