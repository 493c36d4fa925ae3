import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';

// What the server-rendered pages (server-render.ts) and the client-rendered shell (web.ts) both
// take from the web build, and how both are compressed.

export type Encoding = 'br' | 'gzip' | 'identity';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding a page is sent in: brotli, else gzip, else none. */
export function acceptedEncoding(request: FastifyRequest): Encoding {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
}

/**
 * A page is compressed like the static files (which the build pre-compresses): brotli at a fast
 * level, or gzip. About 150 KB of HTML and critical CSS becomes about 20 KB.
 */
export async function compress(html: string, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipAsync(html, { level: 6 });
  return Buffer.from(html);
}

/**
 * The web app's boot module (apps/web/src/app/boot.tsx): the entry imports it when the page needs
 * the app, so every page names its chunks for download before they are asked for.
 */
export const APP_BOOT_MODULE = 'src/app/boot.tsx';

/** dist/.vite/manifest.json: each source module's chunk and the chunks it imports statically. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;
/** The build's manifest; an empty one when the build has none (then no chunk is named or linked). */
export const readManifest = async (distDir: string): Promise<BuildManifest> =>
  JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8').catch(() => '{}')) as BuildManifest;

/** index.html as a page is made from, and the build's manifest. */
export interface PageTemplate {
  page: string;
  manifest: BuildManifest;
}

/**
 * The chunk files of the app's boot module and the code-split parts a page rendered
 * (apps/web/src/lib/lazy-part.tsx), with what they import, less what index.html already loads.
 */
export function appFiles({ page, manifest }: PageTemplate, parts: readonly string[]): string[] {
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

/** The page's name for the monitoring DSN; apps/web/src/lib/monitoring.ts reads the same one. */
export const MONITORING_META = 'kikstart-monitoring-dsn';

/** The meta tag naming the monitoring DSN, or nothing when monitoring is off. */
export const monitoringMeta = (config: AppConfig) =>
  config.monitoring ? `<meta name="${MONITORING_META}" content="${escapeAttribute(config.monitoring.dsn)}" />` : '';

export function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
