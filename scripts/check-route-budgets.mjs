// Fails the web build when a public route's JavaScript grows past its budgets
// (apps/web/route-budgets.json, decision 0030), gzip-compressed as served. Two per route:
// - beforeFirstInteraction: what the page downloads and runs while it loads, before a visitor can
//   act on it: the entry chunk and its static imports;
// - toBecomeInteractive: what it runs to become the app after the load: the entry, the app's boot
//   chunk (src/app/boot.tsx) and the route's page chunks, each with every chunk it imports statically.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const web = join(import.meta.dirname, '..', 'apps', 'web');
// The build folder: apps/web/dist unless given (node scripts/check-route-budgets.mjs <dist>).
const dist = process.argv[2] ?? join(web, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const { routes } = JSON.parse(readFileSync(join(web, 'route-budgets.json'), 'utf8'));

/** Gzip size of a built file: the build's own .gz when written (files over 1 KB), else computed. */
function gzipBytes(file) {
  const path = join(dist, file);
  return existsSync(`${path}.gz`)
    ? readFileSync(`${path}.gz`).length
    : gzipSync(readFileSync(path), { level: 9 }).length;
}

/** The chunk files a manifest entry loads at once: itself and its static imports, transitively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`route-budgets.json names ${key}, which the build does not have as a chunk`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const scriptKB = (files) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipBytes(f), 0) / 1024;

let failed = false;
const check = (files, maxKB) => {
  const kb = scriptKB(files);
  const over = kb > maxKB;
  failed ||= over;
  return `${over ? '✗' : '✓'} ${kb.toFixed(1).padStart(6)} KB of ${String(maxKB).padStart(3)} KB`;
};

console.log('JavaScript budgets (gzip) per route: before the first interaction | to become interactive');
for (const [route, { modules, beforeFirstInteraction, toBecomeInteractive }] of Object.entries(routes)) {
  const whileLoading = closure('index.html');
  const toInteractive = closure('src/app/boot.tsx', new Set(whileLoading));
  for (const module of modules) closure(module, toInteractive);
  console.log(
    `  ${route.padEnd(30)} ${check(whileLoading, beforeFirstInteraction.maxKB)} | ` +
      `${check(toInteractive, toBecomeInteractive.maxKB)} in ${toInteractive.size} files`,
  );
}
if (failed) {
  console.error('\nA route is over its budget (apps/web/route-budgets.json): split what it does not need at first.');
  process.exit(1);
}
