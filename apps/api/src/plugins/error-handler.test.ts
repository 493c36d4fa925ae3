import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, registerErrorHandler } from './error-handler.ts';
import { AppError } from '../lib/errors.ts';
import { ok } from '../lib/envelope.ts';
import { JSON_BODY_LIMIT } from '../app.ts';

/** A minimal app with the real error handler and probe routes for each failure path. */
const app = Fastify({ bodyLimit: JSON_BODY_LIMIT }).withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post(
    '/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(1, 'Name is required'),
          age: z.number({ error: 'Age must be a number' }),
        }),
      },
    },
    async (req) => ok(req.body),
  );
  app.get('/boom', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  app.get('/db-refused', async () => {
    // What drizzle throws when PostgreSQL refuses a value: the driver error as the cause.
    throw Object.assign(new Error('Failed query: insert …'), {
      query: 'insert into children …',
      params: ['hunter2'],
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
        severity: 'ERROR',
      }),
    });
  });
  app.get('/db-down', async () => {
    // What drizzle throws when the server refused the connection (stopped, restarting).
    throw Object.assign(new Error('Failed query: select …'), {
      query: 'select …',
      params: [],
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    });
  });
  app.get('/db-terminated', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    });
  });
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'Already there', { email: 'Taken' });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error envelope', () => {
  it.each(['/db-down', '/db-terminated'])('503 to try again when the database is unreachable (%s)', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      data: null,
    });
  });

  it('400 with a message per field for validation errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: '', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      data: null,
      errors: { name: 'Name is required', age: 'Age must be a number' },
    });
    expect(json.message).toBe('Please correct the highlighted fields');
  });

  it.each([
    {
      status: 400,
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON',
      what: 'malformed JSON',
      payload: '{"name":',
      type: 'application/json',
    },
    {
      status: 413,
      code: 'BODY_TOO_LARGE',
      message: 'The request body is too large',
      what: 'a body over the limit',
      payload: { name: 'x'.repeat(JSON_BODY_LIMIT + 10), age: 1 },
    },
    {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content type; send application/json',
      what: 'a content type the API does not take',
      payload: 'name=x',
      type: 'application/x-www-form-urlencoded',
    },
  ])('$status $code for $what', async ({ status, code, message, payload, type }) => {
    const headers = type ? { 'content-type': type } : {};
    const res = await app.inject({ method: 'POST', url: '/echo', payload, headers });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status, message, code, data: null });
  });

  it.each([
    {
      what: '500 without internals',
      url: '/boom',
      envelope: { status: 500, message: 'Something went wrong', code: 'INTERNAL_ERROR', data: null },
    },
    {
      what: 'maps AppError codes to their status with field messages',
      url: '/conflict',
      envelope: { status: 409, message: 'Already there', code: 'CONFLICT', data: null, errors: { email: 'Taken' } },
    },
    {
      what: '400 when the database refuses a value that slipped past a schema',
      url: '/db-refused',
      envelope: { status: 400, message: 'Some of the values sent are not valid', code: 'INVALID_VALUE', data: null },
    },
  ])('$what', async ({ url, envelope }) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(envelope.status);
    expect(res.json()).toEqual(envelope);
    // Neither the thrown message nor the query's parameters reach the client.
    expect(res.body).not.toContain('hunter2');
  });
});
