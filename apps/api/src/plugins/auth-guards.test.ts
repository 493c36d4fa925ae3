import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { body, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUserWithSession } from '../../test/user-fixtures.ts';
import { ok } from '../lib/envelope.ts';
import { SIGN_IN_REQUIRED, currentUser, guardedRoutes, perUserRateLimit, registerAuth, requireUser } from './auth.ts';

/** Values no route schema accepts: a path id, query fields and a body that all fail validation. */
const BAD_PARAM = 'not-a-valid-id';
const BAD_QUERY = '?childId=not-a-uuid&programId=%00&enrollmentId=-1&page=-5&limit=abc&cursor=%7B';
const BAD_BODY = { childId: 'not-a-uuid', email: 42, token: [], unexpected: { nested: true } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A per-user limit counted after the guard, shaped like the family invitation limit.
    app.post(
      '/api/test/per-user-limit',
      {
        onRequest: requireUser(),
        config: {
          rateLimit: perUserRateLimit(2, '1 minute'),
        },
        schema: { body: z.object({ note: z.string().min(1) }) },
      },
      async (request) => ok({ id: currentUser(request).id }),
    );
  });
});
afterAll(() => t.close());

describe('authentication before validation', () => {
  it('every guarded route answers 401 to a signed-out caller with bad parameters, before any field check', async () => {
    const routes = guardedRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/test/'));
    // The walk covers the real modules, not an empty list.
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/children/program-list' }));
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/user/profile-update' }));

    for (const route of routes) {
      const url = route.url.replace(/:[^/]+/g, BAD_PARAM) + BAD_QUERY;
      const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
      for (const headers of [{}, { 'x-access-token': 'an-unknown-token-of-plausible-length-000000' }]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(hasBody ? { payload: BAD_BODY } : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        if (route.method !== 'HEAD')
          expect(body(res), `${route.method} ${route.url}`).toMatchObject({
            status: 401,
            message: SIGN_IN_REQUIRED,
            data: null,
          });
      }
    }
  });

  it('GET /api/children/program-list with a bad query: 401 signed out, 400 signed in', async () => {
    const anonymous = await t.app.inject({ url: '/api/children/program-list?childId=nope' });
    expect(anonymous.statusCode).toBe(401);
    expect(body(anonymous)).toMatchObject({ status: 401, message: SIGN_IN_REQUIRED });
    const parent = await createUserWithSession(t);
    expect(
      (await t.app.inject({ url: '/api/children/program-list?childId=nope', headers: parent.headers })).statusCode,
    ).toBe(400);
  });

  it('a multipart upload route refuses a signed-out caller before reading the parts', async () => {
    const boundary = 'x-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="childId"\r\n\r\nnope\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses to register a guard on a hook that runs after validation', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerAuth(app);
    for (const hook of ['preValidation', 'preHandler'] as const) {
      expect(() => app.get(`/late-${hook}`, { [hook]: requireUser() }, async () => ok(null))).toThrow(
        /requireUser belongs on onRequest/,
      );
    }
    app.get('/early', { onRequest: requireUser('admin') }, async () => ok(null));
    expect(guardedRoutes(app)).toContainEqual({ method: 'GET', url: '/early', roles: ['admin'] });
    await app.close();
  });

  it('a per-user rate limit on preHandler still counts each signed-in user on their own', async () => {
    const [a, b] = [await createUserWithSession(t), await createUserWithSession(t)];
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/test/per-user-limit', headers, payload: { note: 'hi' } });
    expect((await send(a.headers)).statusCode).toBe(200);
    expect((await send(a.headers)).statusCode).toBe(200);
    expect((await send(a.headers)).statusCode).toBe(429);
    // Same client address, another account: not blocked by the first one's count.
    expect((await send(b.headers)).statusCode).toBe(200);
    // Signed-out callers are refused by the guard and never reach (or use up) the limiter.
    for (let i = 0; i < 4; i++) expect((await send({})).statusCode).toBe(401);
  });
});
