import { Fragment } from 'react';
import type { ComponentType, ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { parseMarkdown, type Block } from '../lib/markdown/parse-markdown.ts';
import type { Inline } from '../lib/markdown/parse-inline.ts';
import { safeUrl } from '../lib/markdown/safe-url.ts';

type WithChildren = { children?: ReactNode };

/** The elements a caller may draw differently; the rest are plain HTML. */
export interface MarkdownElements {
  h1: ComponentType<WithChildren>;
  h2: ComponentType<WithChildren>;
  h3: ComponentType<WithChildren>;
  p: ComponentType<WithChildren>;
  a: ComponentType<WithChildren & { href: string; title?: string }>;
  li: ComponentType<WithChildren>;
}

export const PLAIN_ELEMENTS: MarkdownElements = {
  h1: (props) => <h1 {...props} />,
  h2: (props) => <h2 {...props} />,
  h3: (props) => <h3 {...props} />,
  p: (props) => <p {...props} />,
  a: (props) => <a {...props} />,
  li: (props) => <li {...props} />,
};

// Prose sizes: page sections use H3/H4 styles so the page title stays the only large heading.
const PROSE: MarkdownElements = {
  h1: ({ children }) => (
    <Typography variant="h3" component="h2" sx={{ mt: 4, mb: 1.5 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="h3" component="h2" sx={{ mt: 4, mb: 1.5 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="h4" component="h3" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => <Typography sx={{ mb: 2 }}>{children}</Typography>,
  a: ({ href, title, children }) => (
    <Link href={href} title={title}>
      {children}
    </Link>
  ),
  li: ({ children }) => (
    <Typography component="li" sx={{ mb: 1 }}>
      {children}
    </Typography>
  ),
};

function renderInline(nodes: Inline[], el: MarkdownElements): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === 'string') return node;
    switch (node.type) {
      case 'em':
        return <em key={key}>{renderInline(node.children, el)}</em>;
      case 'strong':
        return <strong key={key}>{renderInline(node.children, el)}</strong>;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'br':
        return <br key={key} />;
      case 'image': {
        // A refused address (javascript:, data:) would be src="", which asks for the page itself
        // again: the image's description stands in its place.
        const src = safeUrl(node.src);
        return src ? <img key={key} src={src} alt={node.alt} title={node.title} /> : node.alt;
      }
      case 'link':
        return (
          <el.a key={key} href={safeUrl(node.href)} title={node.title}>
            {renderInline(node.children, el)}
          </el.a>
        );
    }
  });
}

/** A list item's blocks; in a tight list, text and a nested list are separated by a line break, as in HTML source. */
function itemContent(blocks: Block[], el: MarkdownElements, tight: boolean): ReactNode[] {
  const rendered = renderBlocks(blocks, el, tight);
  return tight ? rendered.flatMap((node, i) => (i === 0 ? [node] : ['\n', node])) : rendered;
}

function renderBlocks(blocks: Block[], el: MarkdownElements, tight = false): ReactNode[] {
  return blocks.map((block, key) => {
    switch (block.type) {
      case 'heading': {
        const children = renderInline(block.children, el);
        if (block.level === 1) return <el.h1 key={key}>{children}</el.h1>;
        if (block.level === 2) return <el.h2 key={key}>{children}</el.h2>;
        if (block.level === 3) return <el.h3 key={key}>{children}</el.h3>;
        const Tag = `h${block.level}` as const;
        return <Tag key={key}>{children}</Tag>;
      }
      case 'paragraph':
        // A tight list's items hold their text without a paragraph around it.
        return tight ? (
          <Fragment key={key}>{renderInline(block.children, el)}</Fragment>
        ) : (
          <el.p key={key}>{renderInline(block.children, el)}</el.p>
        );
      case 'list': {
        const items = block.items.map((item, i) => <el.li key={i}>{itemContent(item, el, block.tight)}</el.li>);
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'blockquote':
        return <blockquote key={key}>{renderBlocks(block.children, el)}</blockquote>;
      case 'code':
        return (
          <pre key={key}>
            <code className={block.language ? `language-${block.language}` : undefined}>{block.text}</code>
          </pre>
        );
      case 'hr':
        return <hr key={key} />;
    }
  });
}

/**
 * Renders staff-written Markdown (program descriptions, content pages, waivers). Raw HTML is
 * shown as text, never as markup, and links keep only safe protocols (lib/markdown).
 */
export function Markdown({ children, elements = PROSE }: { children: string; elements?: MarkdownElements }) {
  return <>{renderBlocks(parseMarkdown(children), elements)}</>;
}
