import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryCache, QueryClient, dehydrate } from '@tanstack/react-query';
import type { Query, QueryFunction, QueryKey } from '@tanstack/react-query';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, matchPath } from 'react-router';
import { App } from './app/app.tsx';
import { appRoutes } from './app/router/router.tsx';
import { setApiFetch } from './lib/api-client.ts';
import { AUTH_COOKIE } from './lib/cookies.ts';
import { DEMO_IN_PAGE_CLASS, DEMO_SHOWN_COOKIE, FIRST_TIME_COOKIE, opensOnArrival } from './lib/first-visit-cookie.ts';
import { HeadCollector } from './lib/page-meta.ts';
import { RenderedParts } from './lib/lazy-part.tsx';
import type { PageMeta } from './lib/page-meta.ts';
import { PROGRAM_PAGE_PATH, PUBLIC_PAGE_PATHS } from '@kikstart/contract/public-pages';
import type { RenderEnv } from './lib/render-env.ts';
import type { PageFormResult } from '@kikstart/contract/page-forms';
import { NO_SCRIPT_CSS } from './lib/no-script.ts';
import { SERVER_STATE_ID, serializeServerState } from './lib/server-state.ts';
import { createServerStore } from './store/store.ts';
import { createEmotionCache } from './theme/emotion-cache.ts';
import { withComposedStyles } from './theme/server-styles.ts';
import { THEME_COOKIE, parseThemeChoice, resolveThemeMode } from './theme/theme-choice.ts';

/**
 * The public pages the server renders (decision 0027): what a visitor, a school or a search
 * engine reads. Sign-in, account, staff and mail-link pages stay client-rendered.
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [...Object.values(PUBLIC_PAGE_PATHS), PROGRAM_PAGE_PATH];

export const isServerRendered = (pathname: string) =>
  SERVER_RENDERED_PATHS.some((path) => matchPath({ path, end: true }, pathname) !== null);

/**
 * Queries the server may fetch for a page: public reads only. A page's signed-in extras (the
 * profile, a child's enrollment check) are left for the browser, which has the token.
 */
const PUBLIC_QUERY_ROOTS = new Set(['cms', 'programs', 'offers', 'testimonials', 'bring-to-school']);
/** A page's queries found by one render can reveal more (a list, then its details); a few rounds suffice. */
const MAX_DATA_ROUNDS = 3;

/** The parts of a request that choose a page's variant (cacheVariant). */
export type VariantRequest = Omit<RenderRequest, 'fetchApi'>;

export interface RenderRequest {
  /** Path and query string. */
  url: string;
  /** The site's public origin, for the canonical link and Open Graph. */
  origin: string;
  cookies: Record<string, string | undefined>;
  /** Sec-CH-Prefers-Color-Scheme said dark. */
  prefersDark: boolean;
  /** Answers the app's API calls in-process (Fastify's inject), with the visitor's address. */
  fetchApi: typeof fetch;
  /** The page answers a lead form posted without scripts: what it came to (decision 0033). */
  form?: PageFormResult;
}

export interface RenderResult {
  status: number;
  /** The rendered #root content. */
  body: string;
  /** Title, meta, canonical, Open Graph, JSON-LD, critical CSS and the state script. */
  head: string;
  /** The mode the page was rendered in, for <html data-theme> and color-scheme. */
  mode: 'light' | 'dark';
  /** The code-split parts the page rendered (manifest keys), for modulepreload links. */
  parts: string[];
  /**
   * The page was rendered with the demo modal open: the response records it in the session's
   * demo-shown cookie (lib/first-visit-cookie.ts), so it opens by itself once per browser session.
   */
  demoShown: boolean;
  /**
   * Every public query the page asked for was answered (a program that is not found aside): a
   * page with a part that failed to load is never kept for other visitors.
   */
  complete: boolean;
  /** The page shows programs' seats left, which change with every enrollment, not only with edits. */
  showsSeats: boolean;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Renders the whole tree, lazy pages included (onAllReady), to a string. */
function renderToHtml(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const { pipe, abort } = renderToPipeableStream(element, {
      // Everything is ready before the first byte goes out: one document in order, with no
      // boundary moved by an inline script (the CSP allows none: script-src 'self').
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
    setTimeout(() => abort(new Error('Server render timed out')), 10_000).unref();
  });
}

const isPublicAndMissing = (query: Query) =>
  PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) && query.state.status === 'pending' && !query.state.data;

/** The HTTP status of a page: 404 for the catch-all route and for a program that is not found. */
function statusOf(matchedPaths: (string | undefined)[], queryClient: QueryClient): number {
  if (matchedPaths.at(-1) === '*') return 404;
  return queryClient.getQueryCache().getAll().some(isProgramNotFound) ? 404 : 200;
}

const isProgramNotFound = (q: Query) =>
  q.queryKey[0] === 'programs' &&
  q.queryKey[1] === 'details' &&
  q.state.status === 'error' &&
  // A malformed id (400) is as missing as an unknown one: the page says "Program not found".
  [400, 404].includes((q.state.error as { status?: number } | null)?.status ?? 0);

function headTags(head: PageMeta, origin: string, url: string): string {
  const absolute = (path: string) => (/^https?:/.test(path) ? path : `${origin}${path}`);
  const canonical = absolute(head.canonicalPath ?? url.split('?')[0] ?? '/');
  const tags: string[] = [];
  // The same address as the <img>'s, so the browser uses this download for it.
  const picture = head.firstScreenPictures?.[0];
  if (picture) tags.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(picture)}" />`);
  if (head.title) tags.push(`<title>${escapeHtml(head.title)}</title>`);
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  tags.push('<meta property="og:type" content="website" />', '<meta property="og:site_name" content="KikStart" />');
  tags.push(`<meta property="og:url" content="${escapeHtml(canonical)}" />`);
  if (head.title) tags.push(`<meta property="og:title" content="${escapeHtml(head.title)}" />`);
  if (head.description) tags.push(`<meta property="og:description" content="${escapeHtml(head.description)}" />`);
  if (head.image) tags.push(`<meta property="og:image" content="${escapeHtml(absolute(head.image))}" />`);
  tags.push(`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`);
  if (head.jsonLd) {
    const data = JSON.stringify(head.jsonLd, (key, value: unknown) =>
      key === 'url' && typeof value === 'string' ? absolute(value) : value,
    );
    // A data block, not a script the browser runs: the CSP stays script-src 'self'.
    tags.push(`<script type="application/ld+json">${data.replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * A query cache that notes the queries a render pass asks for: each useQuery finds or builds its
 * query here while the tree renders.
 */
class NotingQueryCache extends QueryCache {
  /** The hashes of the queries asked for since the last clear. */
  readonly asked = new Set<string>();

  override build<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    ...args: Parameters<typeof QueryCache.prototype.build<TQueryFnData, TError, TData, TQueryKey>>
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    const query = super.build(...args);
    this.asked.add(query.queryHash);
    return query;
  }
}

/**
 * The public queries each page (address and variant) asked for the last time it was rendered.
 * Fetched before the first pass the next time, they let that pass be the last: a page rendered
 * again (after an edit, or when its seats aged out of the API's cache) renders once, not twice.
 * Only the list is kept; the data is fetched afresh each time.
 */
const lastQueries = new Map<string, { queryKey: QueryKey; queryFn: QueryFunction }[]>();
/** Addresses are endless (query strings): the oldest is forgotten first past this many. */
const REMEMBERED_PAGES = 500;

/** The public queries the last render pass asked for. */
const askedPublicQueries = (queryCache: NotingQueryCache) =>
  queryCache.getAll().filter((q) => queryCache.asked.has(q.queryHash) && PUBLIC_QUERY_ROOTS.has(String(q.queryKey[0])));

function rememberQueries(page: string, asked: Query[]) {
  const queries = asked.flatMap(({ queryKey, options }) =>
    typeof options.queryFn === 'function' ? [{ queryKey, queryFn: options.queryFn }] : [],
  );
  lastQueries.delete(page);
  lastQueries.set(page, queries);
  if (lastQueries.size > REMEMBERED_PAGES) lastQueries.delete(lastQueries.keys().next().value!);
}

/**
 * Each render's in-process API, found again by the calls the render makes. A module-level
 * transport set per render let two renders in flight at once send one page's calls with the
 * other visitor's address (what per-address limits count); this store follows each render's
 * own async work.
 */
const renderFetch = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => {
  const fetchApi = renderFetch.getStore();
  if (!fetchApi) return Promise.reject(new Error('An API call outside a server render'));
  return fetchApi(input, init);
});

/** Renders one public page with its data, critical CSS and head. */
export function render(request: RenderRequest): Promise<RenderResult> {
  return renderFetch.run(request.fetchApi, () => renderPage(request));
}

/** What a page's HTML depends on besides its address and its data: read from the request alone. */
function renderInputs(request: VariantRequest) {
  const themeChoice = parseThemeChoice(request.cookies[THEME_COOKIE]);
  const pageUrl = new URL(request.url, request.origin);
  const signedIn = Boolean(request.cookies[AUTH_COOKIE]);
  // A first visit's demo modal starts open (spec §4): rendered with the page, so it shows with
  // the HTML and the page needs no script to open it (decision 0027, revised 2026-11-28).
  // Not over the answer to a posted form: the visitor is in the middle of something.
  const demoOpen =
    !request.form &&
    opensOnArrival({
      pathname: pageUrl.pathname,
      signedIn,
      firstTimeCookie: request.cookies[FIRST_TIME_COOKIE] !== undefined,
      shownThisSession: request.cookies[DEMO_SHOWN_COOKIE] !== undefined,
    });
  const env: RenderEnv = {
    signedIn,
    prefersDark: request.prefersDark,
    demoOpen,
    ...(request.form ? { formResult: request.form } : {}),
  };
  return { themeChoice, pageUrl, env };
}

/**
 * Which variant of its address a request gets. The API keeps one rendered page per address and
 * variant for signed-out visitors (apps/api/src/plugins/page-cache.ts); made from the same inputs
 * as the render, so a cached page is the one this request would have been rendered.
 */
export function cacheVariant(request: VariantRequest): string {
  const { themeChoice, env } = renderInputs(request);
  return `theme=${themeChoice ?? 'none'};dark=${env.prefersDark};demo=${env.demoOpen};signedIn=${env.signedIn}`;
}

async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const { themeChoice, pageUrl, env } = renderInputs(request);
  const { demoOpen } = env;
  const mode = resolveThemeMode(themeChoice, env.prefersDark);

  const handler = createStaticHandler(appRoutes);
  const fetchRequest = new Request(pageUrl);
  const context = await handler.query(fetchRequest);
  if (context instanceof Response) throw new Error(`Unexpected redirect while rendering ${request.url}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryCache = new NotingQueryCache();
  const queryClient = new QueryClient({
    queryCache,
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchOnMount: false } },
  });
  // Per variant, as the API keeps pages: a variant may render other parts (a first visit's modal).
  const page = `${pageUrl.pathname}${pageUrl.search}\n${cacheVariant(request)}`;
  await Promise.all((lastQueries.get(page) ?? []).map((query) => queryClient.prefetchQuery(query)));

  const renderOnce = async () => {
    // A fresh emotion cache and head per pass: the last pass's are the ones sent.
    const cache = createEmotionCache();
    const emotion = createEmotionServer(cache);
    const head: PageMeta = {};
    const parts = new Set<string>();
    queryCache.asked.clear();
    const html = await renderToHtml(
      <CacheProvider value={cache}>
        <RenderedParts.Provider value={parts}>
          <App queryClient={queryClient} store={createServerStore({ themeChoice, demoOpen })} serverEnv={env}>
            <HeadCollector head={head}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </HeadCollector>
          </App>
        </RenderedParts.Provider>
      </CacheProvider>,
    );
    return { html, head, cache, emotion, parts: [...parts] };
  };

  // Render, fetch the public data the render asked for, render again with it: each page's own
  // hooks say what it needs, so no second list of queries per route can drift from the pages.
  let pass = await renderOnce();
  for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
    const missing = queryClient.getQueryCache().findAll({ predicate: isPublicAndMissing });
    if (missing.length === 0) break;
    await Promise.all(missing.map((q) => q.fetch().catch(() => undefined)));
    pass = await renderOnce();
  }
  const asked = askedPublicQueries(queryCache);
  rememberQueries(page, asked);

  const styles = pass.emotion.constructStyleTagsFromChunks(
    withComposedStyles(pass.cache, pass.emotion.extractCriticalToChunks(pass.html)),
  );
  const state = serializeServerState({ env, queries: dehydrate(queryClient), parts: pass.parts });
  const matched = context.matches.map((m) => m.route.path);
  const head = [
    headTags(pass.head, request.origin, request.url),
    styles,
    `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
    // Without scripts the modal could not be closed: the page is shown without it. And fields and
    // forms are drawn for the browser alone (lib/no-script.ts, decision 0033).
    `<noscript><style>${demoOpen ? `.${DEMO_IN_PAGE_CLASS}{display:none}` : ''}${NO_SCRIPT_CSS}</style></noscript>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  return {
    status: statusOf(matched, queryClient),
    body: pass.html,
    head,
    mode,
    parts: pass.parts,
    demoShown: demoOpen,
    complete: asked.every((q) => q.state.status === 'success' || isProgramNotFound(q)),
    showsSeats: asked.some((q) => q.queryKey[0] === 'programs' && q.state.status === 'success'),
  };
}
