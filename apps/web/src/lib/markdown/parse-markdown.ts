import { parseInline, unescapeMarkdown, type Inline } from './parse-inline.ts';

/**
 * Markdown's block syntax (CommonMark without raw HTML or reference definitions): ATX and
 * setext headings, paragraphs, bullet and ordered lists (nested, tight or loose), block quotes,
 * fenced and indented code, thematic breaks. Small on purpose, as the public pages ship it: about
 * 4 KB gzip with its renderer, where the library it replaced was 35 KB (decision 0027).
 */
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'code'; language?: string; text: string }
  | { type: 'hr' };

const BLANK = /^[ \t]*$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE_START = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|(\d{1,9})([.)]))([ \t]+|$)/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;

interface ListMarker {
  ordered: boolean;
  /** The bullet character, or the ordered list's `.` or `)`: a different one starts a new list. */
  kind: string;
  start: number;
  /** Where the item's content starts: later lines indented this far belong to the item. */
  contentOffset: number;
  empty: boolean;
}

function listMarker(line: string): ListMarker | null {
  const match = LIST_ITEM.exec(line);
  if (!match) return null;
  const [whole, indent, marker, digits, delimiter, spacing] = match;
  const empty = BLANK.test(line.slice(whole.length));
  // More than four spaces after the marker: the content is indented code, one space belongs to the marker.
  const gap = empty || spacing!.length > 4 ? 1 : spacing!.length;
  return {
    ordered: digits !== undefined,
    kind: delimiter ?? marker!,
    start: digits !== undefined ? Number(digits) : 1,
    contentOffset: indent!.length + marker!.length + gap,
    empty,
  };
}

/** A code fence's opening line: its indent, its marks and the language named after them. */
function fenceOf(line: string) {
  const match = FENCE_START.exec(line);
  if (!match) return null;
  const [, indent, marks, info] = match;
  // After backticks the info string may not hold a backtick (it would be a code span).
  if (marks![0] === '`' && info!.includes('`')) return null;
  return { indent: indent!.length, marks: marks!, language: unescapeMarkdown(info!.trim().split(/\s+/)[0] ?? '') };
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Removes up to `count` columns of leading spaces (a tab counts as four). */
function dedent(line: string, count: number) {
  let i = 0;
  let columns = 0;
  while (i < line.length && columns < count && (line[i] === ' ' || line[i] === '\t')) {
    columns += line[i] === '\t' ? 4 - (columns % 4) : 1;
    i++;
  }
  return line.slice(i);
}

/** Whether a line starts a block that ends a paragraph (so it is not the paragraph's next line). */
function interruptsParagraph(line: string) {
  if (THEMATIC_BREAK.test(line) || ATX.test(line) || fenceOf(line) || QUOTE.test(line)) return true;
  const marker = listMarker(line);
  // Only a bullet or a list starting at 1, with content, may interrupt a paragraph.
  return marker !== null && !marker.empty && (!marker.ordered || marker.start === 1);
}

const paragraphText = (lines: string[]) =>
  lines
    .map((l) => l.trimStart())
    .join('\n')
    .trimEnd();

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(
    source
      .replace(/\r\n?/g, '\n')
      .replace(/\u0000/g, '\ufffd')
      .split('\n'),
  );
}

/**
 * The blocks of `lines`. `gaps`, when given, gets one entry per block: whether a blank line came
 * before it (between an item's blocks, that makes a list loose).
 */
function parseBlocks(lines: string[], gaps?: boolean[]): Block[] {
  const blocks: Block[] = [];
  let blankBefore = false;
  const add = (block: Block) => {
    blocks.push(block);
    gaps?.push(blankBefore);
    blankBefore = false;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      blankBefore = true;
      i++;
      continue;
    }
    const fence = fenceOf(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const close = lines[i]!.trim();
        const closes =
          indentOf(lines[i]!) < 4 &&
          close.length >= fence.marks.length &&
          close === fence.marks[0]!.repeat(close.length);
        i++;
        if (closes) break;
        body.push(dedent(lines[i - 1]!, fence.indent));
      }
      add({
        type: 'code',
        ...(fence.language && { language: fence.language }),
        text: body.length ? `${body.join('\n')}\n` : '',
      });
      continue;
    }
    if (indentOf(line) >= 4) {
      const body: string[] = [];
      while (i < lines.length && (indentOf(lines[i]!) >= 4 || BLANK.test(lines[i]!))) body.push(dedent(lines[i++]!, 4));
      while (body.length && BLANK.test(body.at(-1)!)) body.pop();
      add({ type: 'code', text: `${body.join('\n')}\n` });
      continue;
    }
    if (THEMATIC_BREAK.test(line)) {
      add({ type: 'hr' });
      i++;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      const level = atx[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      // A closing run of #s is dropped when a space comes before it (or the heading is only #s).
      const content = (atx[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
      add({ type: 'heading', level, children: parseInline(content) });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        if (QUOTE.test(current)) inner.push(current.replace(QUOTE, ''));
        // A lazy line: the quoted paragraph goes on without its `>`.
        else if (!BLANK.test(current) && !interruptsParagraph(current) && inner.length && !BLANK.test(inner.at(-1)!))
          inner.push(current);
        else break;
        i++;
      }
      add({ type: 'blockquote', children: parseBlocks(inner) });
      continue;
    }
    const marker = listMarker(line);
    if (marker) {
      i = parseList(lines, i, marker, add);
      continue;
    }
    // A paragraph, or a setext heading when its last line is underlined.
    const text: string[] = [line];
    i++;
    let heading: 1 | 2 | null = null;
    while (i < lines.length) {
      const current = lines[i]!;
      if (BLANK.test(current)) break;
      if (SETEXT_1.test(current) || SETEXT_2.test(current)) {
        heading = SETEXT_1.test(current) ? 1 : 2;
        i++;
        break;
      }
      if (interruptsParagraph(current)) break;
      text.push(current);
      i++;
    }
    const children = parseInline(paragraphText(text));
    add(heading ? { type: 'heading', level: heading, children } : { type: 'paragraph', children });
  }
  return blocks;
}

/** Reads one list from `lines[start]` and adds it; returns the index of the first line after it. */
function parseList(lines: string[], start: number, first: ListMarker, add: (block: Block) => void): number {
  const items: Block[][] = [];
  let loose = false;
  let i = start;
  let marker: ListMarker | null = first;
  while (marker && marker.ordered === first.ordered && marker.kind === first.kind) {
    const body: string[] = [marker.empty ? '' : lines[i]!.slice(marker.contentOffset)];
    const offset = marker.contentOffset;
    i++;
    let endedByBlank = false;
    while (i < lines.length) {
      const current = lines[i]!;
      if (BLANK.test(current)) {
        // An item that starts empty ends at the first blank line.
        if (body.length === 1 && body[0] === '') break;
        body.push('');
        i++;
        continue;
      }
      if (indentOf(current) >= offset) {
        body.push(dedent(current, offset));
        i++;
        continue;
      }
      const previousBlank = body.at(-1) === '';
      // A lazy line: the item's paragraph goes on without the indentation.
      if (!previousBlank && !interruptsParagraph(current) && !listMarker(current)) {
        body.push(current);
        i++;
        continue;
      }
      endedByBlank = previousBlank;
      break;
    }
    // Blank lines between blocks of one item make the list loose; trailing ones only separate items.
    while (body.length && body.at(-1) === '') body.pop();
    const gaps: boolean[] = [];
    items.push(parseBlocks(body, gaps));
    if (gaps.slice(1).some(Boolean)) loose = true;
    const next: ListMarker | null = i < lines.length ? listMarker(lines[i]!) : null;
    const continues: boolean = next !== null && next.ordered === first.ordered && next.kind === first.kind;
    if (continues && endedByBlank) loose = true;
    marker = continues ? next : null;
  }
  add({ type: 'list', ordered: first.ordered, start: first.start, tight: !loose, items });
  return i;
}
