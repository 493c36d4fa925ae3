import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { CONTENT_PAGES } from '@kikstart/db/seed/content-data';
import { PROGRAMS } from '@kikstart/db/seed/catalog-data';
import { Markdown, PLAIN_ELEMENTS } from '../../components/markdown.tsx';

/**
 * The site's Markdown renderer against the library it replaced (react-markdown, kept as a
 * development dependency for this comparison only): the same HTML for what staff write.
 */
const ours = (source: string) => tidy(renderToStaticMarkup(<Markdown elements={PLAIN_ELEMENTS}>{source}</Markdown>));
const reference = (source: string) => tidy(renderToStaticMarkup(<ReactMarkdown>{source}</ReactMarkdown>));
/** Newlines between tags are layout, not content (and a soft break is a newline, however written). */
const tidy = (html: string) =>
  html
    .replace(/\r\n/g, '\n')
    .replace(/>\n+</g, '><')
    .replace(/^\n+|\n+$/g, '');

const CASES: Record<string, string> = {
  'headings, ATX and setext':
    '# One #\n## Two\n### Three\n#### Four\n###### Six\n\nTitle\n===\n\nSub\n---\n\n#No heading',
  'paragraphs and line breaks': 'First line\nsecond line  \nhard break\\\nescaped break\n\n  Indented start',
  emphasis: '*em* _em_ **strong** __strong__ ***both*** foo*bar*baz snake_case_word **a**b *a **b** c* **unclosed *em',
  'punctuation and flanking': '**"quoted"** *(aside)* a * b * c __init__ 5*3*2 **bold.**Next',
  'code spans': 'Use `npm start`, `` a`b ``, ` padded ` and `unclosed',
  links:
    '[site](https://kikstart.example) [rel](/programs?x=1#y "Title") [angle](<https://a.example/a b>) [esc](https://x.example/\\_a_) <https://auto.example/x> <team@kikstart.example>',
  'unsafe links': '[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html,hi) [ok](mailto:a@b.c)',
  'links with emphasis and no nesting': '[**bold** link](/a) [outer [inner](/i)](/o) [not a link] [x]',
  images: '![A child](https://img.example/a.png "Title") ![](/b.png)',
  'raw HTML stays text': 'Hello <b>world</b> <script>alert(1)</script> &amp; &copy; &#65; &#x263A; &bogus;',
  'bullet lists': '- one\n- two\n  continued\nlazy\n- three\n\n* other kind\n+ third kind',
  'loose list': '- a\n\n- b\n- c',
  'ordered lists': '1. one\n2. two\n   - nested\n   - nested two\n\n3) paren list\n\n7. seven\n8. eight',
  'item with two paragraphs': '- first\n\n  second paragraph\n- next',
  'nested loose list': '- a\n  - b\n\n  - c\n- d',
  'block quote': '> quoted\n> more\nlazy\n\n> - list in quote',
  'code blocks': '```js\nconst x = 1 < 2;\n```\n\n~~~\nplain\n~~~\n\n    indented code\n\n    more',
  'thematic breaks': 'Text\n\n***\n- - -\n___',
  'paragraph interrupted': 'Text\n- item\nText\n# Heading\nText\n> quote',
  'ordered list does not interrupt a paragraph unless it starts at 1': 'The year\n2026. was good\n\nAnd\n1. starts',
  'windows line endings': 'One\r\ntwo\r\n\r\n- a\r\n- b',
  empty: '',
  'what staff write':
    'Call **(555) 010-2000** or email _team_@kikstart.example.\n\nSee [the FAQ](/faq) (updated).\n\n1. Bring water\n2. Wear *comfortable* shoes\n   1. Sneakers\n   2. Cleats\n\n- [Soccer](https://en.wikipedia.org/wiki/Soccer_(football))\n- Ages 5–7: **$120**/term, 10% off for siblings\n- Don’t forget: snacks & a *labeled* bottle!',
};

describe('Markdown', () => {
  for (const [name, source] of Object.entries(CASES)) {
    it(`renders ${name} as the reference does`, () => {
      expect(ours(source)).toBe(reference(source));
    });
  }

  it('renders every seeded content page and program description as the reference does', () => {
    const sources = [...CONTENT_PAGES.map((p) => p.body), ...PROGRAMS.map((p) => p.description)];
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) expect(ours(source)).toBe(reference(source));
  });

  it('never makes markup from raw HTML or a javascript: address', () => {
    const html = ours('<img src=x onerror=alert(1)> [a](javascript:alert(1)) ![b](javascript:alert(2))');
    expect(html).not.toContain('<img src="x"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // An image with a refused address is its description, never src="" (which loads the page again).
    expect(html).not.toContain('<img');
    expect(html).toContain('</a> b</p>');
  });

  it('parses long hostile input in linear-ish time', () => {
    const started = performance.now();
    ours('*a '.repeat(5000) + '[('.repeat(5000) + '`'.repeat(3000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
