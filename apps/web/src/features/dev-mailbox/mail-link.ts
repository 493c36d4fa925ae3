/**
 * A link from a mail, as the app should follow it: a path for links to this site (so the SPA
 * navigates without a reload), or null for other sites, opened as ordinary links.
 */
export function internalPath(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
