import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { body, createTestApp, errorEnvelope, type TestApp } from '../../test/test-app.ts';
import { frameworkErrors } from './error-handler.ts';

/** Errors answered before any route runs (router, Node's HTTP parser) still use the envelope. */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Sends raw bytes and returns the status code and the JSON body of the answer. */
function rawRequest(bytes: string): Promise<{ status: number; json: unknown; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', payload = ''] = data.split('\r\n\r\n');
      try {
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), json: JSON.parse(payload), head });
      } catch (error) {
        reject(new Error(`not JSON: ${data.slice(0, 300)}`, { cause: error }));
      }
    });
    socket.write(bytes);
  });
}

describe('router-level errors answer the envelope', () => {
  it('400 for a path that is not valid percent-encoding', async () => {
    for (const url of ['/api/calendar/%ff%fe', '/api/dev/mailbox/%', '/%ff']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(body(res), url).toEqual(errorEnvelope('INVALID_URL', 'The URL is not valid'));
    }
  });

  it('414 for a path parameter over the router limit, without echoing it', async () => {
    const res = await t.app.inject({ url: `/api/calendar/${'x'.repeat(150)}.ics` });
    expect(res.statusCode).toBe(414);
    expect(body(res)).toEqual(errorEnvelope('URL_TOO_LONG', 'The address is too long'));
    expect(res.body).not.toContain('xxxxxxxxxx');
  });

  it('404 for an unknown API route, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-route' });
      expect(res.statusCode, method).toBe(404);
      expect(body(res), method).toEqual(errorEnvelope('NOT_FOUND', expect.any(String)));
    }
  });

  it('431 for a URL longer than the HTTP parser takes, on a real socket', async () => {
    const res = await rawRequest(`GET /api/programs/list?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.json).toEqual(errorEnvelope('HEADERS_TOO_LARGE', 'The address or headers of the request are too large'));
    expect(res.head).toMatch(/content-type: application\/json/i);
  });

  it('400 for bytes that are not HTTP, on a real socket', async () => {
    const res = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorEnvelope('MALFORMED_REQUEST', 'The request is not valid HTTP'));
  });

  it('any other router error is a 500 envelope without internals', async () => {
    // A route constraint that fails while the router matches: Fastify's FST_ERR_ASYNC_CONSTRAINT.
    const handlers = new Map<unknown, unknown>();
    const failing = {
      name: 'tenant',
      storage: () => ({
        get: (k: unknown) => handlers.get(k) ?? null,
        set: (k: unknown, v: unknown) => void handlers.set(k, v),
      }),
      // Three parameters make the constraint asynchronous; find-my-way's types know only the sync form.
      deriveConstraint: (_req: unknown, _ctx: unknown, done: (err: Error | null, value?: string) => void) =>
        done(new Error('secret constraint detail')),
      validate: () => true,
      mustMatchWhenDerived: true,
    };
    const app = Fastify({ frameworkErrors, routerOptions: { constraints: { tenant: failing as never } } });
    app.get('/x', { constraints: { tenant: 'a' } }, async () => 'never');
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(errorEnvelope('INTERNAL_ERROR', 'Something went wrong'));
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});
