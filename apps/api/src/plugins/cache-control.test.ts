import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, getEach, type TestApp } from '../../test/test-app.ts';
import { createUserWithSession } from '../../test/user-fixtures.ts';
import { ok } from '../lib/envelope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A route whose answer is the same for everyone may opt into short public caching.
    app.get('/api/test/public-cached', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok('same for everyone');
    });
  });
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it('answers with personal data are no-store', async () => {
    const parent = await createUserWithSession(t);
    const personal = [
      '/api/user/profile',
      '/api/children/list',
      '/api/enrollments/list',
      '/api/family/guardians',
      '/api/calendar/feed-url',
    ];
    for (const [url, res] of await getEach(t, personal, parent.headers)) {
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-update',
      headers: parent.headers,
      payload: { firstName: 'Ana' },
    });
    expect(update.headers['cache-control']).toBe('no-store');
  });

  it('public answers default to no-store too, unless the route sets its own header', async () => {
    for (const url of ['/api/health', '/api/cms/landing-page', '/api/programs/all-list']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const cached = await t.app.inject({ url: '/api/test/public-cached' });
    expect(cached.headers['cache-control']).toBe('public, max-age=60');
  });

  it('errors are no-store, including those the router answers before any hook', async () => {
    const cases = [
      { url: '/api/user/profile', status: 401 },
      { url: '/api/no-such-route', status: 404 },
      { url: '/api/programs/details?id=%00', status: 400 },
      { url: '/api/calendar/%ff%fe', status: 400 },
      { url: `/api/calendar/${'x'.repeat(150)}`, status: 414 },
    ];
    for (const { url, status } of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(body(res), url).toMatchObject({ status });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('public files outside /api keep their own caching', async () => {
    writeFileSync(join(t.config.uploadDir, 'cache-probe.txt'), 'hello');
    const res = await t.app.inject({ url: '/uploads/cache-probe.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('no-store');
  });
});
