/**
 * The `next` query parameter of /auth/login, if it is a path on this site that makes sense to
 * return to; otherwise `fallback` (the dashboard). The value is normalized the way a browser
 * would read it (dot segments resolved, "%2e" included) and then checked, so tricks such as
 * "/.//evil.example" (which resolves to "//evil.example", another host) fall back too. Refuses
 * other origins and schemes, backslashes (browsers read them as "/"), control characters,
 * encoded slashes in the path, and the auth pages themselves (no loop back to the login).
 */
export function safeNextPath(
  next: string | null | undefined,
  fallback: string,
  origin = 'http://kikstart.local',
): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return fallback;
  // Control characters and backslashes are never in a path the app made itself.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  // After dot segments are resolved, a leading "//" would be read as a host by the router and
  // by the browser; the app's own paths never have one, nor an encoded "/" or "\".
  if (url.pathname.startsWith('//') || /%(2f|5c)/i.test(url.pathname)) return fallback;
  const path = url.pathname.replace(/\/{2,}/g, '/');
  // The router decodes the path and matches it case-insensitively: "/%41uth/Login" is the login page too.
  let route: string;
  try {
    route = decodeURIComponent(path).toLowerCase();
  } catch {
    return fallback;
  }
  if (route === '/auth' || route.startsWith('/auth/')) return fallback;
  return `${path}${url.search}${url.hash}`;
}
