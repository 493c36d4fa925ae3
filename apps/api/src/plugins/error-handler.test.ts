import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerErrorHandler } from './error-handler.ts';
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
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'Already there', { email: 'Taken' });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error envelope', () => {
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

  it('400 for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'The request body is not valid JSON',
      code: 'INVALID_JSON',
      data: null,
    });
  });

  it('413 for bodies over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { name: 'x'.repeat(JSON_BODY_LIMIT + 10), age: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, code: 'BODY_TOO_LARGE', message: 'The request body is too large' });
  });

  it('415 for a content type the API does not take', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', data: null });
  });

  it('500 without internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: 'Something went wrong', code: 'INTERNAL_ERROR', data: null });
    expect(res.body).not.toContain('hunter2');
  });

  it('maps AppError codes to their status with field messages', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      message: 'Already there',
      code: 'CONFLICT',
      data: null,
      errors: { email: 'Taken' },
    });
  });

  it('400 when the database refuses a value that slipped past a schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/db-refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'Some of the values sent are not valid',
      code: 'INVALID_VALUE',
      data: null,
    });
  });
});
