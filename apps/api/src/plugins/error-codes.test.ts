import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, codeForStatus, isErrorCode } from '@kikstart/contract/errors';
import { body, createTestApp, type TestApp } from '../../test/test-app.ts';

/** Every error answer carries a machine-readable code, and the test app refuses any that does not. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // An answer built by hand, past the error handler: what a careless route could send.
    app.get('/api/probe/bare-error', async (_request, reply) =>
      reply.status(418).send({ status: 418, message: 'I am a teapot', data: null }),
    );
    app.get('/api/probe/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({
      status: 200,
      message: 'OK',
      data: null,
    }));
  });
});
afterAll(() => t.close());

describe('error codes', () => {
  it('the test app fails a test whose request got an error envelope without a code', async () => {
    await expect(t.app.inject({ url: '/api/probe/bare-error' })).rejects.toThrow(
      /without `code`.*GET \/api\/probe\/bare-error answered 418/s,
    );
    // The next request starts clean.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('the route rate limiter answers RATE_LIMITED', async () => {
    expect((await t.app.inject({ url: '/api/probe/limited' })).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/probe/limited' });
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ status: 429, code: 'RATE_LIMITED', data: null });
  });

  it('a validation failure is VALIDATION_FAILED with per-field messages, a sign-in guard UNAUTHORIZED', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'not an email', password: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: expect.any(String) } });
    const anonymous = await t.app.inject({ url: '/api/children/list' });
    expect(body(anonymous)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('each code has an error status, and statuses without a code of their own get the generic one', () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('toString')).toBe(false);
    expect(codeForStatus(405)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL_ERROR');
    for (const status of [401, 403, 404, 409, 413, 415, 422, 429, 503])
      expect(ERROR_CODES[codeForStatus(status)]).toBe(status);
  });
});
