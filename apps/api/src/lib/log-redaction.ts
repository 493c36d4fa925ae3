/**
 * Secrets that travel in URLs (verification tokens, reset codes and private-picture link
 * signatures in query strings, the calendar feed's token in its path) must not land in logs,
 * where more people can read them.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|signature)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/calendar\/)[^/?#]+\.ics/i, '$1[redacted].ics');
}
