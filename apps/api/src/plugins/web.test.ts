import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A tiny stand-in for apps/web/dist: an index page and a hashed asset with its .gz copy. */
const outside = mkdtempSync(join(tmpdir(), 'kikstart-dist-'));
const dist = join(outside, 'dist');
mkdirSync(dist);
const script = 'console.log("kikstart");'.repeat(100);
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>KikStart</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'assets/index-abc123.js'), script);
writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(outside, { recursive: true, force: true });
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

  it('does not serve files outside the build or the uploads folder, however the path is spelled', async () => {
    // Real files where a traversal would land: beside the build, and in the data folder above
    // /uploads (where private pictures live). A path that reached either would show the marker.
    const marker = 'outside-marker-6f1c';
    writeFileSync(join(outside, 'secret.txt'), marker);
    writeFileSync(join(t.config.dataDir, 'secret.txt'), marker);
    expect((await t.app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200); // the build itself is served
    // [prefix, folders between it and the marker's folder]
    const targets = [
      ['/', 1],
      ['/assets/', 2],
      ['/uploads/', 1],
    ] as const;
    for (const [prefix, levels] of targets) {
      for (const dots of ['..', '%2e%2e', '.%2e']) {
        for (const sep of ['/', '%2f', '%5c']) {
          const url = `${prefix}${`${dots}${sep}`.repeat(levels)}secret.txt`;
          const res = await t.app.inject({ url });
          expect(res.body, url).not.toContain(marker);
          expect([400, 403, 404], `${url} answered ${res.statusCode}`).toContain(res.statusCode);
        }
      }
    }
  });
});

describe('page routes', () => {
  it('answer HEAD like GET (uptime monitors probe with HEAD)', async () => {
    for (const url of ['/', '/programs', '/account/children/123?tab=enrollments']) {
      const get = await t.app.inject({ url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.body).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
  });

  it('serve the dev mailbox page with 200 while mail stays in the mailbox', async () => {
    expect(t.config.devMailbox).toBe(true);
    expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(200);
  });
});

describe('probe paths', () => {
  it('/healthz and /readyz are the API probes, never the web app page, with GET or HEAD', async () => {
    for (const [alias, probe] of [
      ['/healthz', '/api/health'],
      ['/readyz', '/api/ready'],
    ] as const) {
      const expected = await t.app.inject({ url: probe });
      for (const url of [alias, `${alias}/`, `${alias}?verbose=1`]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('application/json');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.json(), url).toEqual(expected.json());
      }
      const head = await t.app.inject({ method: 'HEAD', url: alias });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('application/json');
    }
  });

  it('/metrics without a token configured is a JSON 404, never the page', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await t.app.inject({ url: '/metrics' })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('near misses stay pages: only the exact probe paths are aliases', async () => {
    for (const url of ['/healthzz', '/readyz/now', '/site/healthz']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });
});

describe('with SMTP configured', () => {
  it('the dev mailbox page is 404 (the page still explains that the mailbox is off)', async () => {
    const smtp = await createTestApp({ WEB_DIST_DIR: dist, SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox?mail=x', '/dev/mailbox/']) {
        const res = await smtp.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('<div id="root">');
      }
      expect((await smtp.app.inject({ url: '/programs' })).statusCode).toBe(200);
    } finally {
      await smtp.close();
    }
  });
});

describe('monitoring and the CSP', () => {
  const connectSrc = (csp: string | undefined) =>
    (csp ?? '')
      .split(';')
      .find((d) => d.trim().startsWith('connect-src'))
      ?.trim();

  it('without SENTRY_DSN names no monitoring host and puts no DSN in the page', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(connectSrc(res.headers['content-security-policy'] as string)).toBe("connect-src 'self'");
    expect(res.body).not.toContain('kikstart-monitoring-dsn');
    expect(res.headers['content-security-policy']).not.toContain('sentry');
  });

  it('with SENTRY_DSN names exactly its origin and hands the DSN to the page', async () => {
    const dsn = 'https://abc123@o4507.ingest.us.sentry.io/4508';
    const withMonitoring = await createTestApp({ WEB_DIST_DIR: dist, SENTRY_DSN: dsn });
    try {
      for (const url of ['/', '/programs']) {
        const res = await withMonitoring.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(connectSrc(res.headers['content-security-policy'] as string)).toBe(
          "connect-src 'self' https://o4507.ingest.us.sentry.io",
        );
        expect(res.body).toContain(`<meta name="kikstart-monitoring-dsn" content="${dsn}" />`);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const api = await withMonitoring.app.inject({ url: '/api/health' });
      expect(api.headers['content-security-policy']).toContain('https://o4507.ingest.us.sentry.io');
    } finally {
      await withMonitoring.close();
    }
  });
});
