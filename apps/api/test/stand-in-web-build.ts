import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A stand-in for the web build (apps/web/dist, and dist-server beside it) in a folder of its own,
 * for tests of how the API serves and renders pages: `files` under dist by relative path, and the
 * server bundle's source (dist-server/entry-server.js) when given. Pass `dist` as WEB_DIST_DIR.
 */
export function standInWebBuild(name: string, opts: { files: Record<string, string>; entryServer?: string }) {
  const outside = mkdtempSync(join(tmpdir(), `kikstart-${name}-`));
  const dist = join(outside, 'dist');
  for (const [path, text] of Object.entries(opts.files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  if (opts.entryServer !== undefined) {
    mkdirSync(join(outside, 'dist-server'));
    writeFileSync(join(outside, 'dist-server', 'entry-server.js'), opts.entryServer);
  }
  return { dist, remove: () => rmSync(outside, { recursive: true, force: true }) };
}
