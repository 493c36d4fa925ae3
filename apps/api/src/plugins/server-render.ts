import { existsSync, unwatchFile, watchFile } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbHandle } from '@kikstart/db';
import type { PageFormResult } from '@kikstart/contract/page-forms';
import type { AppConfig } from '../config/env.ts';
import { TOKEN_COOKIE, parseCookies } from '../lib/request-cookies.ts';
import { pageMaxAge, registerPageCache, type RenderedPage, type Served } from './page-cache.ts';
import {
  APP_BOOT_MODULE,
  acceptedEncoding,
  appFiles,
  compress,
  monitoringMeta,
  readManifest,
  type PageTemplate,
} from './web-build.ts';

/** What a page's variant is chosen from (apps/web/src/entry-server.tsx VariantRequest). */
interface VariantRequest {
  url: string;
  origin: string;
  cookies: Record<string, string | undefined>;
  prefersDark: boolean;
  /** The page answers a lead form posted without scripts (page-forms.ts, decision 0033). */
  form?: PageFormResult;
}

/** A page rendered as the answer to a posted form: never kept, never served from the cache. */
export interface PostedPage {
  form: PageFormResult;
  status: number;
}

/** Renders a public page into the reply; false when the path is not one the server renders. */
export type PageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  posted?: PostedPage,
) => Promise<boolean>;

/** What apps/web/src/entry-server.tsx exports (built to dist-server/entry-server.js). */
interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  /** Without it (an older build) no page is kept: every request is rendered. */
  cacheVariant?(request: VariantRequest): string;
  render(request: VariantRequest & { fetchApi: typeof fetch }): Promise<{
    status: number;
    body: string;
    head: string;
    mode: 'light' | 'dark';
    parts?: string[];
    demoShown?: boolean;
    complete?: boolean;
    showsSeats?: boolean;
  }>;
}

/** The id of a server-rendered page's list of the app's files (apps/web/src/lib/server-state.ts APP_FILES_ID). */
const APP_FILES_ID = 'kikstart-app-files';

let cachedTemplate: { source: string; template: PageTemplate } | null = null;

/**
 * index.html made ready for a server-rendered page: the build's one small stylesheet (the
 * @font-face rules) inlined, so nothing blocks the first paint, and the two fonts the first
 * screen uses preloaded (font-display: optional keeps text visible meanwhile and never swaps a late face in; theme/fonts.css). Read on each request
 * (a few KB, in the page cache) so a rebuild needs no restart; prepared once per build.
 */
async function pageTemplate(distDir: string, indexHtml: string): Promise<PageTemplate> {
  const source = await readFile(indexHtml, 'utf8');
  if (cachedTemplate?.source === source) return cachedTemplate.template;
  let page = source;
  for (const match of source.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(join(distDir, match[1]!), 'utf8').catch(() => null);
    if (css === null) continue;
    page = page.replace(match[0], `<style>${css}</style>`);
    const fonts = [
      ...css.matchAll(/url\((\/assets\/(?:poppins-latin-700|open-sans-latin-400)-normal-[^)]+\.woff2)\)/g),
    ];
    const preloads = fonts.map(
      ([, href]) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`,
    );
    page = page.replace('<!--ssr-head-->', `${preloads.join('\n    ')}\n    <!--ssr-head-->`);
  }
  // The page's content is already in the HTML; its scripts only make it interactive. They are
  // fetched at low priority, so on a slow connection the pictures and fonts of the first screen
  // come first and the scripts after (decision 0027). The client-rendered shell keeps the
  // browser's default, as it shows nothing until its scripts run.
  page = page.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
  const template = { page, manifest: await readManifest(distDir) };
  cachedTemplate = { source, template };
  return template;
}

/** The OS preference a Chromium browser sends once asked (Accept-CH), so the first paint has the right theme. */
const THEME_HINT = 'Sec-CH-Prefers-Color-Scheme';
/**
 * The session cookie that records the demo modal opened by itself (apps/web/src/lib/first-visit-cookie.ts
 * DEMO_SHOWN_COOKIE, decision 0008): no expiry, so it lasts until the browser closes.
 */
const demoShownCookie = (config: AppConfig) =>
  `kikstart_demo_shown=1; Path=/; SameSite=Lax${config.publicUrl.startsWith('https:') ? '; Secure' : ''}`;

/**
 * Server rendering of the public pages (decision 0027), when the web build includes its server
 * bundle (`<webDistDir>-server/entry-server.js`). A signed-out visitor's page is kept per address
 * and variant until staff edit what it shows (page-cache.ts), so an edit still shows on the next
 * page load. The page's API calls are answered in-process (inject), from the visitor's address,
 * so per-address limits count them as the visitor's. A render that fails falls back to the
 * client-rendered shell: the page still works.
 */
export async function serverRenderer(
  app: FastifyInstance,
  config: AppConfig,
  indexHtml: string,
  listen: DbHandle['listen'] | undefined,
): Promise<PageRenderer | null> {
  const entryFile = join(dirname(config.webDistDir), `${basename(config.webDistDir)}-server`, 'entry-server.js');
  if (!existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const cacheVariant = entry.cacheVariant;
  const cache = cacheVariant ? registerPageCache(app, listen) : null;
  if (cache) {
    // A new build names new asset files: pages kept from the last one would link files now gone.
    const onNewBuild = () => cache.clear();
    watchFile(indexHtml, { interval: 1000, persistent: false }, onNewBuild);
    app.addHook('onClose', async () => unwatchFile(indexHtml, onNewBuild));
  }
  const renderToHtml = pageRenderer(app, config, indexHtml, entry);

  return async (request, reply, path, posted) => {
    if (!entry.isServerRendered(path)) return false;
    // A signed-in visitor gets the client-rendered page: what a public page shows them (their plan,
    // their coach request, their name) comes from their own session, which the server does not
    // render, and hydrating without it is a mismatch (React #418). Decision 0027. So a kept page,
    // made for signed-out visitors only, never reaches them either.
    // A post's answer is rendered whoever sent it: it is the only place its outcome is said.
    const cookies = parseCookies(request.headers.cookie);
    if (cookies[TOKEN_COOKIE] && !posted) return false;
    const variantRequest: VariantRequest = {
      url: request.url,
      origin: config.publicUrl,
      cookies,
      prefersDark: request.headers[THEME_HINT.toLowerCase()] === 'dark',
      ...(posted ? { form: posted.form } : {}),
    };
    const encoding = acceptedEncoding(request);
    const render = async (): Promise<RenderedPage | null> => {
      try {
        const started = performance.now();
        const page = await renderToHtml(request, variantRequest);
        const body = await compress(page.html, encoding);
        return { ...page, body, encoding, maxAgeMs: pageMaxAge(page), renderMs: performance.now() - started };
      } catch (error) {
        request.log.error({ err: error, url: request.url }, 'server render failed; sending the client-rendered page');
        return null;
      }
    };
    const served: Served | null = posted
      ? await render().then((page) => page && { page: { ...page, status: posted.status }, from: 'miss' as const })
      : cache && cacheVariant
        ? await cache.serve({ url: request.url, variant: `${cacheVariant(variantRequest)};${encoding}` }, render)
        : await render().then((page) => page && { page, from: 'miss' as const });
    if (!served) return false;
    const { page, from } = served;
    // The page came with the demo modal open: it opens by itself once per browser session.
    if (page.demoShown) reply.header('set-cookie', demoShownCookie(config));
    if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
    await reply
      .status(reply.statusCode === 404 ? 404 : page.status)
      // The answer to a post holds what one visitor typed: no one keeps it.
      .header('cache-control', posted ? 'no-store' : 'no-cache')
      .header(
        'server-timing',
        from === 'miss' ? `render;dur=${page.renderMs.toFixed(1)}, cache;desc=miss` : `cache;desc=${from}`,
      )
      .header('accept-ch', THEME_HINT)
      .header('vary', `Accept-Encoding, Cookie, ${THEME_HINT}`)
      .type('text/html; charset=utf-8')
      .send(page.body);
    return true;
  };
}

/** Renders one page into index.html: its head, its body, its theme, the list of the app's files. */
function pageRenderer(app: FastifyInstance, config: AppConfig, indexHtml: string, entry: ServerEntry) {
  const monitoring = monitoringMeta(config);
  return async (request: FastifyRequest, variantRequest: VariantRequest) => {
    const fetchApi: typeof fetch = async (input, init) => {
      const target = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        config.publicUrl,
      );
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
        remoteAddress: request.ip,
      });
      return new Response(res.rawPayload, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };
    const [template, page] = await Promise.all([
      pageTemplate(config.webDistDir, indexHtml),
      entry.render({ ...variantRequest, fetchApi }),
    ]);
    let html = template.page
      .replace('<html lang="en">', `<html lang="en" data-theme="${page.mode}" style="color-scheme: ${page.mode}">`)
      .replace('<!--ssr-body-->', page.body)
      .replace(/<!--client-shell-->[\s\S]*?<!--\/client-shell-->\s*/g, '')
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
    // The page's own title and description replace the build's defaults.
    if (page.head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
    if (page.head.includes('name="description"')) html = html.replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
    if (page.mode === 'dark') html = html.replace('content="#ED1C24"', 'content="#121212"');
    // The app's files are listed, not linked: the entry preloads them together once the page has
    // loaded (main.tsx), so they never compete with the page's pictures and fonts (decision 0030).
    const files = JSON.stringify(appFiles(template, [APP_BOOT_MODULE, ...(page.parts ?? [])]));
    const fileList = `<script type="application/json" id="${APP_FILES_ID}">${files.replace(/</g, '\\u003c')}</script>`;
    const head = [page.head, fileList, monitoring];
    html = html.replace('<!--ssr-head-->', head.filter(Boolean).join('\n    '));
    return {
      html,
      status: page.status,
      demoShown: Boolean(page.demoShown),
      // Kept only when the renderer says every part loaded (a build that does not say: never).
      complete: page.complete === true,
      showsSeats: page.showsSeats !== false,
    };
  };
}
