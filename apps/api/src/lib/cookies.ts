/**
 * The few cookies the API sets itself (the session token is the web app's cookie, sent back as a
 * header). Written by hand: one HttpOnly cookie does not need a plugin.
 */

/** The value of cookie `name` in a Cookie request header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value || undefined;
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** https sites only: the browser then never sends it in clear text. */
  secure: boolean;
}

/**
 * A Set-Cookie value: HttpOnly (no script reads it) and SameSite=Strict (no other site's page
 * makes the browser send it). `value` must be cookie-safe (our tokens are base64url).
 */
export function httpOnlyCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
