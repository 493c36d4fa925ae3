import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { isValidElement } from 'react';
import type { ReactNode } from 'react';

/** A lazily loaded page component can say how to load its code ahead of time (lazy-part.tsx). */
type Preloadable = { preload?: () => Promise<unknown> };

/**
 * Fetches the code of the page a link leads to when following it is likely: the pointer over it,
 * the focus on it, a touch starting on it, or (on a touch screen, where nothing hovers) the link in
 * view. So the next page, if it is client-rendered or code-split, has its code before the tap.
 */
export function prefetchLinkedPages(routes: RouteObject[], doc: Document = document) {
  appRoutes = routes;
  const prefetchFor = (link: HTMLAnchorElement) => {
    const url = new URL(link.href, doc.baseURI);
    if (url.origin !== location.origin || url.pathname === location.pathname) return;
    prefetchPage(url.pathname);
  };
  const onHint = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement) prefetchFor(link);
  };
  for (const name of ['pointerover', 'focusin', 'touchstart'] as const) {
    doc.addEventListener(name, onHint, { capture: true, passive: true });
  }
  if (window.matchMedia?.('(hover: none)').matches && typeof IntersectionObserver === 'function') {
    prefetchLinksInView(doc, prefetchFor);
  }
}

let appRoutes: RouteObject[] = [];
const started = new Set<() => Promise<unknown>>();

/**
 * Fetches the code of the page at `pathname` (a route of the app, once it runs): for a link's hint,
 * and for the page a form goes to once sent (after sign-in), so that page replaces the form at once.
 */
export function prefetchPage(pathname: string) {
  for (const match of matchRoutes(appRoutes, pathname) ?? []) {
    for (const preload of preloadersIn(match.route.element)) {
      if (started.has(preload)) continue;
      started.add(preload);
      preload().catch(() => started.delete(preload)); // offline: tried again at the next hint
    }
  }
}

/** Links in the viewport, watched as the page changes; each one only the first time it shows. */
function prefetchLinksInView(doc: Document, prefetchFor: (link: HTMLAnchorElement) => void) {
  const seen = new WeakSet<Element>();
  const inView = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      inView.unobserve(entry.target);
      if (entry.target instanceof HTMLAnchorElement) prefetchFor(entry.target);
    }
  });
  const watch = () => {
    for (const link of doc.querySelectorAll('a[href^="/"]')) {
      if (seen.has(link)) continue;
      seen.add(link);
      inView.observe(link);
    }
  };
  watch();
  // New links come with each page; looked for once per idle moment, not per mutation.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    const later =
      typeof requestIdleCallback === 'function' ? requestIdleCallback : (task: () => void) => setTimeout(task, 200);
    later(() => {
      queued = false;
      watch();
    });
  }).observe(doc.body, { childList: true, subtree: true });
}

/** The preloaders of the lazy components in a route's element, its props' elements included. */
function preloadersIn(node: ReactNode, found: (() => Promise<unknown>)[] = []) {
  if (!isValidElement(node)) return found;
  const preload = (node.type as Preloadable).preload;
  if (typeof preload === 'function') found.push(preload);
  for (const value of Object.values(node.props as Record<string, unknown>)) {
    if (Array.isArray(value)) value.forEach((child) => preloadersIn(child as ReactNode, found));
    else preloadersIn(value as ReactNode, found);
  }
  return found;
}
