import Cookies from 'js-cookie';

/** Session cookie (spec §6, §9): the web app keeps the token here and sends it as a header. */
export const AUTH_COOKIE = 'kikstart_token';
const COOKIE_PATH = '/';

export const getAuthToken = (): string | undefined => Cookies.get(AUTH_COOKIE) || undefined;

/** Called after sign-in/up: path /, SameSite=Lax, Secure on https. */
export function setAuthToken(token: string, options: { expiresInDays?: number } = {}) {
  Cookies.set(AUTH_COOKIE, token, {
    path: COOKIE_PATH,
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    expires: options.expiresInDays,
  });
}

export const removeAuthToken = () => Cookies.remove(AUTH_COOKIE, { path: COOKIE_PATH });
