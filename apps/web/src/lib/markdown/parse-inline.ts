/**
 * Markdown's inline syntax (CommonMark, without raw HTML: tags stay text): code spans, emphasis
 * and strong emphasis with CommonMark's delimiter rules, links and images with inline
 * destinations, autolinks, backslash escapes, entities and line breaks. Reference-style links
 * (`[text][ref]`) are not supported; they stay text.
 */

export type Inline =
  | string
  | { type: 'em' | 'strong'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; title?: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string; title?: string }
  | { type: 'br' };

interface Delimiter {
  type: 'delim';
  char: '*' | '_';
  count: number;
  /** The run's length as written: the "rule of 3" reads it after matching has used some. */
  original: number;
  canOpen: boolean;
  canClose: boolean;
}

type Node = Inline | Delimiter;

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;
const AUTOLINK = /^<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/;
const EMAIL_AUTOLINK =
  /^<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/;
const ENTITY = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/;
/** Named entities people type in prose; any other name stays as written. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  pound: '£',
  deg: '°',
  middot: '·',
  times: '×',
  divide: '÷',
};
const SPECIAL = /[\\`*_![\]<&\n]/;

const isDelimiter = (node: Node): node is Delimiter => typeof node === 'object' && node.type === 'delim';
const asText = (node: Node): Inline => (isDelimiter(node) ? node.char.repeat(node.count) : node);

/** Adjacent strings joined, so the renderer sees one text node per run. */
function joinText(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (typeof node === 'string' && typeof last === 'string') out[out.length - 1] = last + node;
    else if (node !== '') out.push(node);
  }
  return out;
}

function decodeEntity(match: RegExpExecArray): string {
  const [whole, decimal, hex, name] = match;
  if (decimal || hex) {
    const code = decimal ? Number(decimal) : parseInt(hex!, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  }
  return NAMED_ENTITIES[name!] ?? whole;
}

/** Backslash escapes and entities in a link destination or title, or a code fence's language. */
export function unescapeMarkdown(text: string) {
  return text.replace(/\\([!-/:-@[-`{-~])|&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (m, ch) => {
    if (ch) return ch;
    return decodeEntity(ENTITY.exec(m)!);
  });
}

/** `(destination "title")` after a link's `]`, or null when what follows is not one. */
function linkTail(src: string, at: number): { href: string; title?: string; end: number } | null {
  if (src[at] !== '(') return null;
  let i = at + 1;
  const skipSpace = () => {
    while (i < src.length && (src[i] === ' ' || src[i] === '\t' || src[i] === '\n')) i++;
  };
  skipSpace();
  let href = '';
  if (src[i] === '<') {
    const close = src.indexOf('>', i);
    const inner = close < 0 ? null : src.slice(i + 1, close);
    if (inner === null || /[\n<]/.test(inner)) return null;
    href = inner;
    i = close + 1;
  } else {
    let depth = 0;
    const start = i;
    while (i < src.length) {
      const ch = src[i]!;
      if (ch === '\\' && i + 1 < src.length && ESCAPABLE.test(src[i + 1]!)) {
        i += 2;
        continue;
      }
      if (WHITESPACE.test(ch) || ch < ' ') break;
      if (ch === '(') depth++;
      if (ch === ')') {
        if (depth === 0) break;
        depth--;
      }
      i++;
    }
    if (depth !== 0) return null;
    href = src.slice(start, i);
  }
  const beforeTitle = i;
  skipSpace();
  let title: string | undefined;
  const quote = src[i];
  if (i > beforeTitle && (quote === '"' || quote === "'" || quote === '(')) {
    const closer = quote === '(' ? ')' : quote;
    let j = i + 1;
    while (j < src.length && src[j] !== closer) j += src[j] === '\\' ? 2 : 1;
    if (j >= src.length) return null;
    title = unescapeMarkdown(src.slice(i + 1, j));
    i = j + 1;
    skipSpace();
  }
  if (src[i] !== ')') return null;
  return { href: unescapeMarkdown(href), title, end: i + 1 };
}

/** The text of inline nodes, for an image's alt. */
function plainText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      if (node.type === 'code') return node.text;
      if (node.type === 'image') return node.alt;
      if (node.type === 'br') return '\n';
      return plainText(node.children);
    })
    .join('');
}

/** CommonMark's "process emphasis": pairs `*`/`_` runs into em and strong, innermost first. */
function processEmphasis(nodes: Node[]): Inline[] {
  let i = 0;
  while (i < nodes.length) {
    const closer = nodes[i]!;
    if (!isDelimiter(closer) || !closer.canClose) {
      i++;
      continue;
    }
    let openerAt = -1;
    for (let j = i - 1; j >= 0; j--) {
      const opener = nodes[j]!;
      if (!isDelimiter(opener) || opener.char !== closer.char || !opener.canOpen) continue;
      const ruleOfThree =
        (opener.canClose || closer.canOpen) &&
        (opener.original + closer.original) % 3 === 0 &&
        !(opener.original % 3 === 0 && closer.original % 3 === 0);
      if (!ruleOfThree) {
        openerAt = j;
        break;
      }
    }
    if (openerAt < 0) {
      i++;
      continue;
    }
    const opener = nodes[openerAt] as Delimiter;
    const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
    const children = joinText(nodes.slice(openerAt + 1, i).map(asText));
    opener.count -= use;
    closer.count -= use;
    const before = opener.count > 0 ? [opener] : [];
    const after = closer.count > 0 ? [closer] : [];
    nodes.splice(openerAt, i - openerAt + 1, ...before, { type: use === 2 ? 'strong' : 'em', children }, ...after);
    i = openerAt + before.length + 1;
  }
  return joinText(nodes.map(asText));
}

export function parseInline(src: string): Inline[] {
  const nodes: Node[] = [];
  /** Open `[` and `![`: where their text node sits in `nodes`, and whether a link may still close them. */
  const brackets: { at: number; image: boolean; active: boolean }[] = [];
  let i = 0;
  const text = (value: string) => nodes.push(value);

  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '\\') {
      const next = src[i + 1];
      if (next === '\n') {
        nodes.push({ type: 'br' }, '\n');
        i += 2;
        while (src[i] === ' ' || src[i] === '\t') i++;
      } else if (next !== undefined && ESCAPABLE.test(next)) {
        text(next);
        i += 2;
      } else {
        text('\\');
        i++;
      }
      continue;
    }
    if (ch === '`') {
      let run = 1;
      while (src[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      let search = i + run;
      let close = -1;
      while ((close = src.indexOf(fence, search)) >= 0) {
        if (src[close + run] !== '`' && src[close - 1] !== '`') break;
        search = close + 1;
        while (src[search] === '`') search++;
      }
      if (close < 0) {
        text(fence);
        i += run;
        continue;
      }
      let code = src.slice(i + run, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      nodes.push({ type: 'code', text: code });
      i = close + run;
      continue;
    }
    if (ch === '*' || ch === '_') {
      let run = 1;
      while (src[i + run] === ch) run++;
      const before = i === 0 ? ' ' : src[i - 1]!;
      const after = i + run >= src.length ? ' ' : src[i + run]!;
      const left =
        !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
      const right =
        !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
      const canOpen = ch === '*' ? left : left && (!right || PUNCTUATION.test(before));
      const canClose = ch === '*' ? right : right && (!left || PUNCTUATION.test(after));
      nodes.push({ type: 'delim', char: ch, count: run, original: run, canOpen, canClose });
      i += run;
      continue;
    }
    if (ch === '!' && src[i + 1] === '[') {
      brackets.push({ at: nodes.length, image: true, active: true });
      text('![');
      i += 2;
      continue;
    }
    if (ch === '[') {
      brackets.push({ at: nodes.length, image: false, active: true });
      text('[');
      i++;
      continue;
    }
    if (ch === ']') {
      const opener = brackets.pop();
      const tail = opener?.active ? linkTail(src, i + 1) : null;
      if (!opener || !tail) {
        text(']');
        i++;
        continue;
      }
      const children = processEmphasis(nodes.splice(opener.at).slice(1));
      if (opener.image) {
        nodes.push({
          type: 'image',
          src: tail.href,
          alt: plainText(children),
          ...(tail.title !== undefined && { title: tail.title }),
        });
      } else {
        nodes.push({ type: 'link', href: tail.href, children, ...(tail.title !== undefined && { title: tail.title }) });
        // No links inside links: the brackets still open before this one can no longer make one.
        for (const earlier of brackets) if (!earlier.image) earlier.active = false;
      }
      i = tail.end;
      continue;
    }
    if (ch === '<') {
      const url = AUTOLINK.exec(src.slice(i));
      const email = url ? null : EMAIL_AUTOLINK.exec(src.slice(i));
      const found = url ?? email;
      if (found) {
        nodes.push({ type: 'link', href: url ? found[1]! : `mailto:${found[1]}`, children: [found[1]!] });
        i += found[0].length;
      } else {
        text('<');
        i++;
      }
      continue;
    }
    if (ch === '&') {
      const entity = ENTITY.exec(src.slice(i));
      if (entity) {
        text(decodeEntity(entity));
        i += entity[0].length;
      } else {
        text('&');
        i++;
      }
      continue;
    }
    if (ch === '\n') {
      // Two spaces before a line end make a hard break; otherwise the break is soft (a newline).
      const last = nodes.at(-1);
      const hard = typeof last === 'string' && / {2,}$/.test(last);
      if (typeof last === 'string') nodes[nodes.length - 1] = last.replace(/[ \t]+$/, '');
      if (hard) nodes.push({ type: 'br' });
      nodes.push('\n');
      i++;
      while (src[i] === ' ' || src[i] === '\t') i++;
      continue;
    }
    let end = i + 1;
    while (end < src.length && !SPECIAL.test(src[end]!)) end++;
    text(src.slice(i, end));
    i = end;
  }
  return processEmphasis(nodes);
}
