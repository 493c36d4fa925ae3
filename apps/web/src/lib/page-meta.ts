import { createContext, createElement, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';

export const SITE_NAME = 'KikStart';

export interface PageMeta {
  title?: string;
  description?: string;
  /** This page's own address (path only); the server makes it absolute for the canonical link and Open Graph. */
  canonicalPath?: string;
  /** A picture for link previews (an /uploads path or absolute URL). */
  image?: string;
  /** schema.org data for search engines, sent as JSON-LD by the server renderer. */
  jsonLd?: Record<string, unknown>;
  /** Pictures of the first screen, in page order (useFirstScreenPicture): the server links the first one for download. */
  firstScreenPictures?: string[];
}

/** The server renderer collects the head here while it renders (the last page to set a field wins). */
const HeadContext = createContext<((meta: PageMeta) => void) | null>(null);

export function HeadCollector({ head, children }: { head: PageMeta; children: ReactNode }) {
  const collect = (meta: PageMeta) => {
    const { firstScreenPictures, ...fields } = meta;
    for (const [key, value] of Object.entries(fields)) if (value) Object.assign(head, { [key]: value });
    if (firstScreenPictures) head.firstScreenPictures = [...(head.firstScreenPictures ?? []), ...firstScreenPictures];
  };
  return createElement(HeadContext.Provider, { value: collect }, children);
}

export const fullTitle = (title: string) => (title === SITE_NAME ? title : `${title} | ${SITE_NAME}`);

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/**
 * Sets the document title ("<title> | KikStart") and meta description for a page. On the server
 * the values go into the rendered head (with the canonical link, Open Graph and JSON-LD); in the
 * browser they follow in-app navigation.
 */
export function usePageMeta({ title, description, canonicalPath, image, jsonLd }: PageMeta) {
  // Server render: collected during render, since effects never run there.
  const collect = useContext(HeadContext);
  collect?.({ title: title && fullTitle(title), description, canonicalPath, image, jsonLd });
  useEffect(() => {
    if (!title) return;
    document.title = fullTitle(title);
    setMeta('property', 'og:title', fullTitle(title));
  }, [title]);
  useEffect(() => {
    if (!description) return;
    setMeta('name', 'description', description);
    setMeta('property', 'og:description', description);
  }, [description]);
}

/**
 * Names a picture of the page's first screen to the server renderer, which links the page's
 * first such picture at the top of the head: often the page's largest paint, its download then
 * starts with the HTML's first bytes instead of when the parser reaches the picture, after the
 * page's inline styles and data (issue 19). Nothing in the browser, where the picture is loading.
 */
export function useFirstScreenPicture(src: string | undefined) {
  const collect = useContext(HeadContext);
  if (src) collect?.({ firstScreenPictures: [src] });
}
