import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

const API_TARGET = 'http://localhost:3000';
const MIN_COMPRESS_BYTES = 1024;
// Already-compressed formats gain nothing from gzip/brotli.
const SKIP = /\.(br|gz|woff2?|png|jpe?g|webp|avif|gif|ico|zip)$/i;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Writes .gz and .br next to each built file over 1 KB; the API serves them (preCompressed). */
function precompress(): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'kikstart-precompress',
    apply: 'build',
    configResolved(config) {
      // The server renderer's bundle is read from disk by the API, never sent to browsers.
      if (config.build.ssr) skip = true;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Also called after a failed build, when nothing was written: the build's own error is
      // the one to show.
      if (skip || !existsSync(outDir)) return;
      const jobs: Promise<void>[] = [];
      for await (const file of walk(outDir)) {
        if (SKIP.test(file) || (await stat(file)).size <= MIN_COMPRESS_BYTES) continue;
        jobs.push(
          readFile(file).then(async (data) => {
            const [gz, br] = await Promise.all([
              gzipAsync(data, { level: 9 }),
              brotliAsync(data, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
            ]);
            await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
    },
  },
  // The server renderer (src/entry-server.tsx, decision 0027) is one self-contained file: the
  // packages it imports are bundled, so the API needs no ESM/CommonJS resolution of its own.
  ssr: { noExternal: true },
  // The server bundle renders only for the production browser build (dist), so it is built as
  // production too, whatever NODE_ENV the API runs with: development React and MUI would name
  // every style differently (emotion labels) and the browser would insert each again while
  // hydrating, besides rendering several times slower (issue 19).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    target: 'es2022',
    // The server bundle needs no copy of public/: the API serves the browser build's.
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: which chunks each page loads, for the route budget check.
    manifest: !isSsrBuild,
    sourcemap: false,
    // Gzip sizes are reported by the precompress step; skip Vite's own pass.
    reportCompressedSize: false,
  },
}));
