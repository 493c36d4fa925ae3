import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Envelope } from '@kikstart/contract/common';
import type { AppConfig } from '../config/env.ts';
import { buildSitemap, robotsTxt } from '../modules/seo/seo.service.ts';

/**
 * Serves uploads at /uploads and, when a web build exists, the web app itself with an SPA
 * fallback, so one process on one port is the whole site.
 */
export async function registerWeb(app: FastifyInstance, config: AppConfig) {
  mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
  });

  const indexHtml = join(config.webDistDir, 'index.html');
  const hasWebBuild = existsSync(indexHtml);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // Build step writes .br/.gz next to each asset.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed file names never change, so browsers may keep them for a year.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await buildSitemap({ db: app.db, publicUrl: config.publicUrl })),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(robotsTxt({ publicUrl: config.publicUrl })),
  );

  const sendPage = pageSender(config, indexHtml);
  const renderPage = hasWebBuild ? await serverRenderer(app, config, indexHtml) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // HEAD answers like GET (uptime monitors probe pages with HEAD).
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !path.startsWith('/uploads/');
    if (hasWebBuild && wantsPage && !/\.[a-z0-9]+$/i.test(path)) {
      // The page still loads, so the SPA can say the mailbox is off, but the status tells the truth.
      if (!config.devMailbox && /^\/dev\/mailbox(\/|$)/.test(path)) reply.status(404);
      if (renderPage && (await renderPage(request, reply, path))) return reply;
      await sendPage(request, reply);
      return reply;
    }
    const body: Envelope<null> = {
      status: 404,
      message: `Not found: ${request.method} ${path}`,
      code: 'NOT_FOUND',
      data: null,
    };
    return reply.status(404).send(body);
  });
}

/** What apps/web/src/entry-server.tsx exports (built to dist-server/entry-server.js). */
interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  render(request: {
    url: string;
    origin: string;
    cookies: Record<string, string | undefined>;
    prefersDark: boolean;
    fetchApi: typeof fetch;
  }): Promise<{
    status: number;
    body: string;
    head: string;
    mode: 'light' | 'dark';
    parts?: string[];
    demoShown?: boolean;
  }>;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A rendered page is compressed like the static files (which the build pre-compresses): brotli
 * at a fast level, else gzip. About 150 KB of HTML and critical CSS becomes about 20 KB.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string): Promise<true> {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    await reply.header('content-encoding', 'br').send(body);
  } else if (/\bgzip\b/.test(accepts)) {
    await reply.header('content-encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
  } else await reply.send(html);
  return true;
}

/**
 * The web app's boot module (apps/web/src/app/boot.tsx): the entry imports it when the page needs
 * the app, so every page names its chunks for download before they are asked for.
 */
const APP_BOOT_MODULE = 'src/app/boot.tsx';

/** dist/.vite/manifest.json: each source module's chunk and the chunks it imports statically. */
type BuildManifest = Record<string, { file: string; imports?: string[] }>;
/** The build's manifest; an empty one when the build has none (then no chunk is named or linked). */
const readManifest = async (distDir: string): Promise<BuildManifest> =>
  JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8').catch(() => '{}')) as BuildManifest;

interface PageTemplate {
  page: string;
  manifest: BuildManifest;
}
let cachedTemplate: { source: string; template: PageTemplate } | null = null;

/**
 * The chunk files of the app's boot module and the code-split parts a page rendered
 * (apps/web/src/lib/lazy-part.tsx), with what they import, less what index.html already loads.
 */
function appFiles({ page, manifest }: PageTemplate, parts: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const part of parts) visit(part);
  return [...files].filter((file) => !page.includes(`/${file}"`)).map((file) => `/${file}`);
}

/** The id of a server-rendered page's list of the app's files (apps/web/src/lib/server-state.ts APP_FILES_ID). */
const APP_FILES_ID = 'kikstart-app-files';

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

/** The request's cookies by name (the first of a repeated name wins, as browsers send the most specific first). */
function parseCookies(header: string | undefined): Record<string, string | undefined> {
  const cookies: Record<string, string | undefined> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      cookies[name] = part.slice(eq + 1).trim();
    }
  }
  return cookies;
}

/** The OS preference a Chromium browser sends once asked (Accept-CH), so the first paint has the right theme. */
const THEME_HINT = 'Sec-CH-Prefers-Color-Scheme';
/**
 * The session cookie that records the demo modal opened by itself (apps/web/src/lib/first-visit-cookie.ts
 * DEMO_SHOWN_COOKIE, decision 0008): no expiry, so it lasts until the browser closes.
 */
const demoShownCookie = (config: AppConfig) =>
  `kikstart_demo_shown=1; Path=/; SameSite=Lax${config.publicUrl.startsWith('https:') ? '; Secure' : ''}`;
/** The web app's session cookie (spec §6; apps/web/src/lib/cookies.ts AUTH_COOKIE). */
const TOKEN_COOKIE = 'kikstart_token';

/**
 * Server rendering of the public pages (decision 0027), when the web build includes its server
 * bundle (`<webDistDir>-server/entry-server.js`). Each request renders afresh, so an edit in the
 * staff console shows on the next page load. The page's API calls are answered in-process
 * (inject), from the visitor's address, so per-address limits count them as the visitor's.
 * A render that fails falls back to the client-rendered shell: the page still works.
 */
async function serverRenderer(app: FastifyInstance, config: AppConfig, indexHtml: string) {
  const entryFile = join(dirname(config.webDistDir), `${basename(config.webDistDir)}-server`, 'entry-server.js');
  if (!existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const monitoringMeta = config.monitoring
    ? `<meta name="${MONITORING_META}" content="${escapeAttribute(config.monitoring.dsn)}" />`
    : '';

  return async (request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> => {
    if (!entry.isServerRendered(path)) return false;
    // A signed-in visitor gets the client-rendered page: what a public page shows them (their plan,
    // their coach request, their name) comes from their own session, which the server does not
    // render, and hydrating without it is a mismatch (React #418). Decision 0027.
    const cookies = parseCookies(request.headers.cookie);
    if (cookies[TOKEN_COOKIE]) return false;
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
    try {
      const started = performance.now();
      const [template, page] = await Promise.all([
        pageTemplate(config.webDistDir, indexHtml),
        entry.render({
          url: request.url,
          origin: config.publicUrl,
          cookies,
          prefersDark: request.headers[THEME_HINT.toLowerCase()] === 'dark',
          fetchApi,
        }),
      ]);
      let html = template.page
        .replace('<html lang="en">', `<html lang="en" data-theme="${page.mode}" style="color-scheme: ${page.mode}">`)
        .replace('<!--ssr-body-->', page.body)
        .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
      // The page's own title and description replace the build's defaults.
      if (page.head.includes('<title>')) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
      if (page.head.includes('name="description"')) html = html.replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
      if (page.mode === 'dark') html = html.replace('content="#ED1C24"', 'content="#121212"');
      // The page came with the demo modal open: it opens by itself once per browser session.
      if (page.demoShown) reply.header('set-cookie', demoShownCookie(config));
      // The app's files are listed, not linked: the entry fetches them once the page has loaded
      // (main.tsx), so they never compete with the page's pictures and fonts (decision 0027).
      const files = JSON.stringify(appFiles(template, [APP_BOOT_MODULE, ...(page.parts ?? [])]));
      const fileList = `<script type="application/json" id="${APP_FILES_ID}">${files.replace(/</g, '\\u003c')}</script>`;
      const head = [page.head, fileList, monitoringMeta];
      html = html.replace('<!--ssr-head-->', head.filter(Boolean).join('\n    '));
      reply
        .status(reply.statusCode === 404 ? 404 : page.status)
        .header('cache-control', 'no-cache')
        .header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`)
        .header('accept-ch', THEME_HINT)
        .header('vary', `Accept-Encoding, Cookie, ${THEME_HINT}`)
        .type('text/html; charset=utf-8');
      return sendCompressed(request, reply, html);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server render failed; sending the client-rendered page');
      return false;
    }
  };
}

/** The page's name for the monitoring DSN; apps/web/src/lib/monitoring.ts reads the same one. */
export const MONITORING_META = 'kikstart-monitoring-dsn';

/**
 * Sends index.html for a page route (the client-rendered shell), with the app's boot chunks
 * linked: the entry imports them at once, and linked they download beside it instead of after it.
 * With monitoring configured the DSN goes into a meta tag (no inline script, so the CSP stays
 * strict): the response that allows the monitoring host in its CSP is the one that tells the app
 * to use it, so the two cannot disagree.
 */
function pageSender(config: AppConfig, indexHtml: string) {
  const meta = config.monitoring
    ? `<meta name="${MONITORING_META}" content="${escapeAttribute(config.monitoring.dsn)}" />`
    : '';
  let cached: { source: string; page: string } | null = null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Read on each request (a few KB, in the page cache) so a rebuild needs no restart.
    const source = await readFile(indexHtml, 'utf8');
    if (cached?.source !== source) {
      const template = { page: source, manifest: await readManifest(config.webDistDir) };
      // A client-rendered page shows nothing until the app runs: its files are linked at once.
      const preloads = appFiles(template, [APP_BOOT_MODULE]).map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}" />`,
      );
      const head = [...preloads, meta].filter(Boolean);
      cached = { source, page: source.replace('</head>', `  ${head.join('\n    ')}\n  </head>`) };
    }
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    return sendCompressed(request, reply, cached.page);
  };
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
