import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api') && !path.startsWith('/uploads/');
    if (hasWebBuild && wantsPage && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
    }
    const body: Envelope<null> = { status: 404, message: `Not found: ${request.method} ${path}`, data: null };
    return reply.status(404).send(body);
  });
}
