import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Envelope } from '@kikstart/contract/common';
import type { DbHandle } from '@kikstart/db';
import type { AppConfig } from '../config/env.ts';
import { buildSitemap, robotsTxt } from '../modules/seo/seo.service.ts';
import { registerPageForms } from './page-forms.ts';
import { serverRenderer } from './server-render.ts';
import {
  APP_BOOT_MODULE,
  acceptedEncoding,
  appFiles,
  compress,
  escapeAttribute,
  monitoringMeta,
  readManifest,
} from './web-build.ts';

/**
 * Serves uploads at /uploads and, when a web build exists, the web app itself with an SPA
 * fallback, so one process on one port is the whole site. `listen` lets the rendered pages be
 * kept until an edit (page-cache.ts).
 */
export async function registerWeb(app: FastifyInstance, config: AppConfig, listen?: DbHandle['listen']) {
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
  const renderPage = hasWebBuild ? await serverRenderer(app, config, indexHtml, listen) : null;
  // The public pages' lead forms work before any script has run, or with none (decision 0033).
  if (hasWebBuild) await registerPageForms(app, config, renderPage ?? (async () => false));
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

/**
 * Sends index.html for a page route (the client-rendered shell), with the app's boot chunks
 * linked: the entry imports them at once, and linked they download beside it instead of after it.
 * With monitoring configured the DSN goes into a meta tag (no inline script, so the CSP stays
 * strict): the response that allows the monitoring host in its CSP is the one that tells the app
 * to use it, so the two cannot disagree.
 */
function pageSender(config: AppConfig, indexHtml: string) {
  const meta = monitoringMeta(config);
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
    // The shell's first paint (index.html's client-shell) in the visitor's chosen theme, if any.
    const theme = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
    const page = theme
      ? cached.page.replace('<html lang="en">', `<html lang="en" data-theme="${theme}">`)
      : cached.page;
    return sendCompressed(request, reply, page);
  };
}

async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string): Promise<true> {
  const encoding = acceptedEncoding(request);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  await reply.send(await compress(html, encoding));
  return true;
}
