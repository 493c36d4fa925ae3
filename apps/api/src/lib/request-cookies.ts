/** The web app's session cookie (spec §6; apps/web/src/lib/cookies.ts AUTH_COOKIE): the same token as x-access-token. */
export const TOKEN_COOKIE = 'kikstart_token';

/** The request's cookies by name (the first of a repeated name wins, as browsers send the most specific first). */
export function parseCookies(header: string | undefined): Record<string, string | undefined> {
  const cookies: Record<string, string | undefined> = Object.create(null);
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      cookies[name] = part.slice(eq + 1).trim();
    }
  }
  return cookies;
}
