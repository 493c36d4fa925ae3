const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;
const URL_SAFE = /[A-Za-z0-9!#$&'()*+,\-./:;=?@_~]/;

/**
 * A link or image address as the page may use it: percent-encoded where it has characters a URL
 * cannot hold, and empty unless it is relative or uses a safe protocol (no `javascript:`).
 * The same rules as the Markdown library the site used before (react-markdown's).
 */
export function safeUrl(value: string): string {
  const colon = value.indexOf(':');
  const question = value.indexOf('?');
  const hash = value.indexOf('#');
  const slash = value.indexOf('/');
  const relative =
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (question !== -1 && colon > question) ||
    (hash !== -1 && colon > hash);
  if (!relative && !SAFE_PROTOCOL.test(value.slice(0, colon))) return '';
  return normalize(value);
}

function normalize(value: string) {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) out += ch;
    else if (URL_SAFE.test(ch)) out += ch;
    else {
      const code = value.codePointAt(i)!;
      const char = String.fromCodePoint(code);
      if (code > 0xffff) i++;
      out += code >= 0xd800 && code <= 0xdfff ? '\ufffd' : encodeURIComponent(char);
    }
  }
  return out;
}
