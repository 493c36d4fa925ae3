import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@kikstart/db';
import { body, createTestApp, type TestApp } from '../test/test-app.ts';
import { createUserWithSession } from '../test/auth.ts';
import { requireUser, currentUser } from './auth.ts';
import { ok } from '../lib/envelope.ts';
import { revokeUserSessions } from '../modules/auth/sessions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/me', { onRequest: requireUser() }, async (req) => ok({ id: currentUser(req).id }));
    app.get('/api/test/admin', { onRequest: requireUser('admin') }, async () => ok(true));
  });
});
afterAll(() => t.close());

describe('x-access-token', () => {
  it('401 without a token, with the envelope', async () => {
    const res = await t.app.inject({ url: '/api/test/me' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ status: 401, message: 'Please sign in to continue', data: null });
  });

  it('401 for unknown, short, huge and hostile tokens', async () => {
    for (const token of ['nope', 'x'.repeat(43), 'y'.repeat(10_000), "' or 1=1 --", '<script>']) {
      const res = await t.app.inject({ url: '/api/test/me', headers: { 'x-access-token': token } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('identifies the user of a live session', async () => {
    const u = await createUserWithSession(t);
    const res = await t.app.inject({ url: '/api/test/me', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(body<{ id: string }>(res).data.id).toBe(u.userId);
  });

  it('403 for the wrong role', async () => {
    const u = await createUserWithSession(t, { role: 'parent' });
    const res = await t.app.inject({ url: '/api/test/admin', headers: u.headers });
    expect(res.statusCode).toBe(403);
    const admin = await createUserWithSession(t, { role: 'admin' });
    expect((await t.app.inject({ url: '/api/test/admin', headers: admin.headers })).statusCode).toBe(200);
  });

  it('revoked and expired sessions no longer work', async () => {
    const a = await createUserWithSession(t);
    await revokeUserSessions(t.db, a.userId, { now: t.clock.now() });
    expect((await t.app.inject({ url: '/api/test/me', headers: a.headers })).statusCode).toBe(401);

    const b = await createUserWithSession(t);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, b.userId));
    expect((await t.app.inject({ url: '/api/test/me', headers: b.headers })).statusCode).toBe(401);
  });
});
