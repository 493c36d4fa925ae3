import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { pagedSchema } from '@kikstart/contract/common';
import { programDetailsSchema, programSummarySchema } from '@kikstart/contract/programs';
import { landingPageSchema } from '@kikstart/contract/content';
import { enrollmentSchema } from '@kikstart/contract/enrollments';
import { ok, okResponse } from './envelope.ts';
import { compileStringify, responseSerializerCompiler } from './response-serializer.ts';

/**
 * The serializer production runs (no zod check): what it writes must be what the zod path
 * wrote for a valid answer, and its two guarantees hold without the check.
 */
const row = z.object({ id: z.string(), title: z.string(), seats: z.number().int(), note: z.string().nullable() });

async function appWith(check: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get('/extra', { schema: { response: okResponse(row) } }, async () =>
    ok({ id: 'p1', title: 'Soccer', seats: 3, note: null, passwordHash: 'argon2id$secret' }),
  );
  app.get('/missing', { schema: { response: okResponse(row) } }, async () => ok({ id: 'p1', seats: 3, note: null }));
  await app.ready();
  return app;
}

let fast: FastifyInstance;
let checked: FastifyInstance;
beforeAll(async () => {
  fast = await appWith(false);
  checked = await appWith(true);
});
afterAll(async () => {
  await fast.close();
  await checked.close();
});

describe('response serializer', () => {
  it('writes only the keys the schema names, with or without the zod check', async () => {
    for (const app of [fast, checked]) {
      const res = await app.inject({ url: '/extra' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('passwordHash');
      expect(res.json()).toEqual({
        status: 200,
        message: 'OK',
        data: { id: 'p1', title: 'Soccer', seats: 3, note: null },
      });
    }
  });

  it('refuses an answer missing a required key with a 500, with or without the zod check', async () => {
    for (const app of [fast, checked]) {
      const res = await app.inject({ url: '/missing' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('p1');
    }
  });

  it('compiles the hot routes’ schemas to the fast path and writes what JSON.stringify wrote', () => {
    const cases: [z.ZodType, unknown][] = [
      [pagedSchema(programSummarySchema), { items: [], page: 1, limit: 50, total: 0 }],
      [programDetailsSchema, undefined],
      [landingPageSchema, undefined],
      [enrollmentSchema, undefined],
    ];
    for (const [schema, sample] of cases) {
      const stringify = compileStringify(okResponse(schema)[200]);
      expect(stringify).not.toBeNull();
      if (sample !== undefined) expect(stringify!(ok(sample))).toBe(JSON.stringify(ok(sample)));
    }
  });
});
