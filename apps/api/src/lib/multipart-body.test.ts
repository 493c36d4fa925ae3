import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { ok } from './envelope.ts';
import { multipartBody } from './multipart-body.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { multipartForm } from '../../test/multipart.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const fields = z.object({ title: z.string().trim().min(1, 'Title is required') });
const required = multipartBody({ fields, files: { doc: 'document' }, required: { doc: 'Attach the document' } });
const either = multipartBody({ fields, files: { doc: 'document' }, orJson: 'Send JSON or multipart/form-data' });

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  await app.register(multipart);
  app.post('/required', { preValidation: required.preValidation }, async (request) => {
    const { title, doc } = required.body(request);
    return ok({ title, bytes: doc.bytes.length, mime: doc.mime });
  });
  app.post('/either', { preValidation: either.preValidation }, async (request) => {
    const { title, doc } = either.body(request);
    return ok({ title, file: Boolean(doc) });
  });
  app.post('/forgotten-hook', async (request) => ok(required.body(request)));
  await app.ready();
});
afterAll(() => app.close());

describe('multipartBody', () => {
  it('hands the handler the checked fields and files', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/required',
      ...multipartForm({ title: ' CV ' }, { field: 'doc', filename: 'cv.pdf', type: 'application/pdf', bytes: PDF }),
    });
    expect(res.json()).toEqual({
      status: 200,
      message: 'OK',
      data: { title: 'CV', bytes: PDF.length, mime: 'application/pdf' },
    });
  });

  it('answers field errors and a missing file together in one 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/required', ...multipartForm({ title: '' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: { title: 'Title is required', doc: 'Attach the document' },
    });
  });

  it('refuses a body that is not multipart, unless JSON is allowed', async () => {
    const json = await app.inject({ method: 'POST', url: '/required', payload: { title: 'CV' } });
    expect(json.statusCode).toBe(415);
    expect((await app.inject({ method: 'POST', url: '/either', payload: { title: 'CV' } })).json()).toMatchObject({
      data: { title: 'CV', file: false },
    });
    const text = await app.inject({
      method: 'POST',
      url: '/either',
      payload: 'title=CV',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.json()).toMatchObject({ status: 415, message: 'Send JSON or multipart/form-data' });
    const list = await app.inject({ method: 'POST', url: '/either', payload: ['CV'] });
    expect(list.json()).toMatchObject({ status: 400, message: 'Send JSON or multipart/form-data' });
  });

  it('a handler that reads the body without the route hook fails loudly, not with an empty form', async () => {
    const res = await app.inject({ method: 'POST', url: '/forgotten-hook', ...multipartForm({ title: 'CV' }) });
    expect(res.statusCode).toBe(500);
  });
});
