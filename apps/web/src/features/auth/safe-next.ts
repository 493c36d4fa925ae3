/**
 * The `next` query parameter of /auth/login, if it is a path on this site that makes sense to
 * return to; otherwise `fallback`. Refuses other origins ("//evil.example", "https://…",
 * "/\\evil"), non-path values and the auth pages themselves (no loop back to the login).
 */
export function safeNextPath(next: string | null | undefined, fallback: string, origin = 'http://kikstart.local'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Control characters and backslashes are never in a path the app made itself.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
