import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, createTestApp, useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers that the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'ok', data: { alive: true } });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });
});

describe('GET /api/ready', () => {
  it('answers ready once the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'ready', data: { db: 'up', pendingMigrations: 0 } });
  });

  it('answers 503 while a migration is not applied', async () => {
    const own = await createTestApp();
    try {
      await own.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const missing = await own.app.inject({ url: '/api/ready' });
      expect(missing.statusCode).toBe(503);
      expect(body(missing)).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: '1 database migration(s) not applied',
      });
    } finally {
      await own.close();
    }
  });
});

describe('the envelope on errors', () => {
  it('404 for unknown API routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ status: 404, data: null });
    expect(body(res).message).toContain('/api/does-not-exist');
  });

  it('404 for pages when no web build exists', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(404);
    expect(body(res).status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy and no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows no cross-origin reads unless configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows configured origins', async () => {
    const other = await createTestApp({ CORS_ORIGINS: 'https://www.kikstart.example' });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://www.kikstart.example' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('https://www.kikstart.example');
    } finally {
      await other.close();
    }
  });
});

describe('OpenAPI', () => {
  it('publishes the document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/health');
    expect(Object.keys(doc.paths)).toContain('/api/cms/landing-page');
  });
});
