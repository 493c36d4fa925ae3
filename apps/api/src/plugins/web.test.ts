import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A tiny stand-in for apps/web/dist: an index page and a hashed asset with its .gz copy. */
const dist = mkdtempSync(join(tmpdir(), 'kikstart-dist-'));
const script = 'console.log("kikstart");'.repeat(100);
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>KikStart</title><div id="root"></div>');
writeFileSync(join(dist, 'assets/index-abc123.js'), script);
writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves index.html for page routes (the SPA decides what to show), never cached', async () => {
    for (const url of ['/', '/programs', '/account/children/123?tab=enrollments']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets for a year, pre-compressed when the browser accepts it', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for the API, uploads and missing files', async () => {
    for (const url of ['/api/nope', '/uploads/nope.png', '/assets/missing.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, data: null });
    }
  });

  it('does not serve files outside the build', async () => {
    const res = await t.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
