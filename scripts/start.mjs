#!/usr/bin/env node
/**
 * `npm start`: the embedded demo in one process. Builds the web app when its build is missing or
 * older than its sources, then runs the API in this same process, which migrates, seeds and
 * serves the site. Environment variables pass through (see .env.example), so DATABASE_URL, PORT
 * etc. work here. Production runs `npm run build` once and `npm run start:release` instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

// Node 22.18 is the floor (package.json engines): it runs the TypeScript sources itself. Older
// Node still runs the demo, through the tsx loader the full install has, with a warning.
const nativeTypeScript = Boolean(process.features.typescript);
if (!nativeTypeScript) {
  console.warn(
    `\n  Warning: Node.js ${process.versions.node} is below this project's floor (22.18).\n` +
      '  The demo still starts, but use Node.js 22 or 24 LTS for anything real (see .nvmrc).\n',
  );
}
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const entry of readdirSync(p)) visit(join(p, entry));
    else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(web, p));
sources.push(join(root, 'packages/contract/src'));
// The browser build, then the server bundle that renders the public pages (decision 0027).
const builtServerEntry = join(web, 'dist-server', 'entry-server.js');
const stale =
  !existsSync(builtIndex) || !existsSync(builtServerEntry) || statSync(builtIndex).mtimeMs < newest(sources);
if (stale) {
  console.log('Building the web app (first start, or its sources changed)…');
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [
    ['build', '--logLevel', 'warn'],
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server', '--logLevel', 'warn'],
  ]) {
    const build = spawnSync(process.execPath, [vite, ...args], { cwd: web, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

// The server runs in this process, not a child: a signal to `npm start`, to this process or to
// the whole group reaches one server, which shuts down once (apps/api/src/lib/shutdown.ts).
if (!nativeTypeScript) (await import('tsx/esm/api')).register();
process.chdir(root);
await import(pathToFileURL(join(root, 'apps/api/src/server.ts')).href);
