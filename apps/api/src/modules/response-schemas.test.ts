import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { z } from 'zod';
import { programSummarySchema } from '@kikstart/contract/programs';
import { ok, okResponse } from '../lib/envelope.ts';
import { apiModules } from './index.ts';

/**
 * Routes that answer something other than the JSON envelope, so they have no 200 schema to
 * declare. Each says why; anything else under /api without one fails the walk below.
 */
const NON_JSON_ROUTES: Record<string, string> = {
  'GET /api/calendar/:file': 'the iCalendar feed: text/calendar for calendar apps',
  'GET /api/files/:folder/:name': 'a private picture: image bytes',
  'GET /api/chat/file/:name': "a chat attachment: the stored picture or document, for the conversation's members",
  'GET /api/transaction/statement': 'the yearly dependent-care statement: application/pdf as an attachment',
  'GET /api/admin/leads/export.csv': 'the leads inbox as text/csv, an attachment',
  'GET /api/admin/leads/coach-application/:id/cv': "a coach applicant's CV: the stored document, an attachment",
  'GET /api/admin/newsletter/export.csv': 'newsletter subscribers as text/csv, an attachment',
  'GET /api/gallary/images/download': "a family's kept photos: application/zip as an attachment",
  'GET /api/gallary/photos/:photoId/:size': 'a gallery photo: image bytes',
};

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A service that returns a row with a column the contract does not know.
    app.get(
      '/api/probe/row',
      { schema: { response: okResponse(z.object({ id: z.string(), title: z.string() })) } },
      async () => ok({ id: 'p1', title: 'Soccer', passwordHash: 'argon2id$secret' }),
    );
  });
  // The same module list buildApp mounts, registered on a bare app whose onRoute hook collects
  // each route as declared; a module added to apiModules is walked without touching this test.
  const probe = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  probe.decorate('config', t.config);
  probe.decorate('db', t.db);
  probe.decorate('clock', t.clock);
  probe.decorate('files', t.app.files);
  probe.decorate('paymentGateway', t.app.paymentGateway);
  probe.decorate('officeGateway', t.app.officeGateway);
  probe.decorate('stripe', t.app.stripe);
  probe.decorate('shutdown', { started: false });
  probe.addHook('onRoute', (route) => void routes.push(route));
  await probe.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: '/api' },
  );
  await probe.ready();
  await probe.close();
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

describe('response schemas', () => {
  it('every /api route declares its 200 response schema (the explicit non-JSON exceptions aside)', () => {
    const declared = routes.filter((r) => !methodsOf(r).every((m) => m === 'HEAD'));
    expect(declared.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of declared) {
      for (const method of methodsOf(route)) {
        if (method === 'HEAD') continue;
        const key = `${method} ${route.url}`;
        const response = route.schema?.response as Record<string, unknown> | undefined;
        if (!response?.[200] && !NON_JSON_ROUTES[key]) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    // An exception that no longer exists is dropped from the list, so it cannot hide a route.
    const seen = new Set(declared.flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`)));
    for (const key of Object.keys(NON_JSON_ROUTES)) expect(seen.has(key), key).toBe(true);
  });

  it('the OpenAPI document builds and shows the 200 envelope with its data', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    const schema = doc.paths['/api/programs/details']?.get?.responses?.['200']?.content?.['application/json']
      ?.schema as
      | { properties?: { status?: unknown; message?: unknown; data?: { properties?: Record<string, unknown> } } }
      | undefined;
    expect(schema?.properties?.status).toBeDefined();
    expect(schema?.properties?.message).toBeDefined();
    expect(Object.keys(schema?.properties?.data?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'title', 'seatsLeft', 'activities']),
    );
  });

  it('the serializer drops keys the schema does not name, so a new column cannot leak', async () => {
    const res = await t.app.inject({ url: '/api/probe/row' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'OK', data: { id: 'p1', title: 'Soccer' } });
  });

  it('a catalog item has exactly the contract fields', async () => {
    const res = await t.app.inject({ url: '/api/programs/all-list?limit=1' });
    const item = (res.json() as { data: { items: Record<string, unknown>[] } }).data.items[0]!;
    expect(Object.keys(item).sort()).toEqual(Object.keys(programSummarySchema.shape).sort());
  });
});
