import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@kikstart/db';
import { body, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUserWithSession } from '../../test/user-fixtures.ts';
import { requireUser, currentUser } from './auth.ts';
import { ok } from '../lib/envelope.ts';
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS, revokeUserSessions } from '../modules/auth/sessions.service.ts';
import { ManualClock } from '../../test/manual-clock.ts';

const DAY = 24 * 3600_000;
const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    (app) => {
      app.get('/api/test/me', { onRequest: requireUser() }, async (req) => ok({ id: currentUser(req).id }));
      app.get('/api/test/admin', { onRequest: requireUser('admin') }, async () => ok(true));
    },
    { clock },
  );
});
afterAll(() => t.close());

describe('x-access-token', () => {
  it('401 without a token, with the envelope', async () => {
    const res = await t.app.inject({ url: '/api/test/me' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ status: 401, message: 'Please sign in to continue', code: 'UNAUTHORIZED', data: null });
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
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(sessions.userId, b.userId));
    expect((await t.app.inject({ url: '/api/test/me', headers: b.headers })).statusCode).toBe(401);
  });
});

describe('requests arriving together', () => {
  it('are checked in one statement, and each gets its own answer', async () => {
    const live = await Promise.all([1, 2, 3].map(() => createUserWithSession(t)));
    const revoked = await createUserWithSession(t);
    await revokeUserSessions(t.db, revoked.userId, { now: t.clock.now() });
    const statements = vi.spyOn(t.db._.session, 'prepareQuery');
    try {
      const answers = await Promise.all(
        [...live, revoked, { headers: { 'x-access-token': 'z'.repeat(43) } }, live[0]!].map((u) =>
          t.app.inject({ url: '/api/test/me', headers: u.headers }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 401, 401, 200]);
      expect(answers.filter((res) => res.statusCode === 200).map((res) => body<{ id: string }>(res).data.id)).toEqual([
        live[0]!.userId,
        live[1]!.userId,
        live[2]!.userId,
        live[0]!.userId,
      ]);
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
  });
});

describe('session lifetime', () => {
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/test/me', headers });

  it('an idle session ends 30 days after its last use', async () => {
    const u = await createUserWithSession(t);
    clock.advance(SESSION_TTL_MS - 60_000);
    expect((await me(u.headers)).statusCode).toBe(200);
    // That use moved the idle deadline: another 30 days minus a minute is still fine.
    clock.advance(SESSION_TTL_MS - 60_000);
    expect((await me(u.headers)).statusCode).toBe(200);
    clock.advance(SESSION_TTL_MS + 60_000);
    expect((await me(u.headers)).statusCode).toBe(401);
  });

  it('a session in daily use still ends 90 days after sign-in', async () => {
    expect(SESSION_MAX_AGE_MS).toBe(90 * DAY);
    const u = await createUserWithSession(t);
    const signedInAt = clock.now().getTime();
    for (let day = 1; day < 90; day++) {
      clock.advance(DAY);
      expect((await me(u.headers)).statusCode, `day ${day}`).toBe(200);
    }
    clock.set(new Date(signedInAt + SESSION_MAX_AGE_MS - 60_000));
    expect((await me(u.headers)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.userId));
    // The stored deadline never reaches past the absolute end.
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(signedInAt + SESSION_MAX_AGE_MS);
    clock.advance(60_000);
    expect((await me(u.headers)).statusCode).toBe(401);
    // A fresh sign-in gets a fresh 90 days.
    const again = await createUserWithSession(t);
    expect((await me(again.headers)).statusCode).toBe(200);
  });

  it('a session stored before the cap, with an idle deadline past 90 days, ends at 90 days too', async () => {
    const u = await createUserWithSession(t);
    const createdAt = clock.now().getTime();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(createdAt + 200 * DAY) })
      .where(eq(sessions.userId, u.userId));
    clock.advance(SESSION_MAX_AGE_MS + 1000);
    expect((await me(u.headers)).statusCode).toBe(401);
  });
});
