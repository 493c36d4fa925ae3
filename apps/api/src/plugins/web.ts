import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Envelope } from '@kikstart/contract/common';
import type { AppConfig } from '../config/env.ts';

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

  const sendPage = pageSender(config, indexHtml);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // HEAD answers like GET (uptime monitors probe pages with HEAD).
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !path.startsWith('/uploads/');
    if (hasWebBuild && wantsPage && !/\.[a-z0-9]+$/i.test(path)) {
      // The page still loads, so the SPA can say the mailbox is off, but the status tells the truth.
      if (!config.devMailbox && /^\/dev\/mailbox(\/|$)/.test(path)) reply.status(404);
      return sendPage(reply);
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

/** The page's name for the monitoring DSN; apps/web/src/lib/monitoring.ts reads the same one. */
export const MONITORING_META = 'kikstart-monitoring-dsn';

/**
 * Sends index.html for a page route. With monitoring configured the DSN goes into a meta tag
 * (no inline script, so the CSP stays strict): the response that allows the monitoring host in
 * its CSP is the one that tells the app to use it, so the two cannot disagree.
 */
function pageSender(config: AppConfig, indexHtml: string) {
  const monitoring = config.monitoring;
  if (!monitoring)
    return (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
  const meta = `<meta name="${MONITORING_META}" content="${escapeAttribute(monitoring.dsn)}" />`;
  return async (reply: FastifyReply) => {
    // Read on each request (a few KB, in the page cache) so a rebuild needs no restart.
    const html = await readFile(indexHtml, 'utf8');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replace('</head>', `    ${meta}\n  </head>`));
  };
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
