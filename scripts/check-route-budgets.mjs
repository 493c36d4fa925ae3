// Fails the web build when a public route's JavaScript grows past its budget
// (apps/web/route-budgets.json, decision 0027), gzip-compressed as served:
// - per route, what the page needs to become the app: the entry chunk, the app's boot chunk
//   (src/app/boot.tsx: the entry loads it when the visitor reaches for the page) and the route's
//   page chunk, each with every chunk it imports statically;
// - the entry alone: what a server-rendered page downloads and runs while it loads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const web = join(import.meta.dirname, '..', 'apps', 'web');
// The build folder: apps/web/dist unless given (node scripts/check-route-budgets.mjs <dist>).
const dist = process.argv[2] ?? join(web, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const { entry, routes } = JSON.parse(readFileSync(join(web, 'route-budgets.json'), 'utf8'));

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

let failed = false;
console.log('JavaScript budgets (gzip), each route: what it needs to become the app:');
for (const [route, { modules, maxKB }] of Object.entries(routes)) {
  const files = closure('index.html');
  closure('src/app/boot.tsx', files);
  for (const module of modules) closure(module, files);
  const kb = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipBytes(f), 0) / 1024;
  const over = kb > maxKB;
  failed ||= over;
  console.log(
    `  ${over ? '✗' : '✓'} ${route.padEnd(14)} ${kb.toFixed(1).padStart(6)} KB of ${maxKB} KB in ${files.size} files`,
  );
}
// The entry alone: all a server-rendered page downloads and runs while it loads (the app's code
// waits until the visitor reaches for the page, apps/web/src/lib/wake-on-intent.ts).
const entryFiles = [...closure('index.html')].filter((f) => f.endsWith('.js'));
const entryKB = entryFiles.reduce((sum, f) => sum + gzipBytes(f), 0) / 1024;
const entryOver = entryKB > entry.maxKB;
failed ||= entryOver;
console.log(
  `  ${entryOver ? '✗' : '✓'} ${'entry'.padEnd(14)} ${entryKB.toFixed(1).padStart(6)} KB of ${entry.maxKB} KB in ` +
    `${entryFiles.length} files (what a server-rendered page runs while it loads)`,
);
if (failed) {
  console.error('\nA route is over its budget (apps/web/route-budgets.json): split what it does not need at first.');
  process.exit(1);
}
