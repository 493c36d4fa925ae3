import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ok } from '../lib/envelope.ts';
import { multipartBody } from '../lib/multipart-body.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerHoneypot } from './honeypot.ts';
import { multipartForm } from '../../test/multipart.ts';

const form = z.object({ name: z.string().trim().min(1, 'Please enter your name'), website: z.string().optional() });

/** A bare app with the honeypot hook, a JSON form and a multipart form; `stored` counts handler runs. */
async function probeApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(multipart);
  registerHoneypot(app);
  const stored: string[] = [];
  app.post(
    '/json',
    { config: { honeypot: { message: 'Thanks, we got it' } }, schema: { body: form } },
    async (request) => {
      stored.push(request.body.name);
      return ok({ id: 'real' }, 'Thanks, we got it');
    },
  );
  app.post(
    '/answer',
    { config: { honeypot: { message: 'Subscribed', answer: (b) => ({ name: b.name }) } }, schema: { body: form } },
    async (request) => {
      stored.push(request.body.name);
      return ok({ name: request.body.name }, 'Subscribed');
    },
  );
  const upload = multipartBody({ fields: form, files: { doc: 'document' } });
  app.post(
    '/multipart',
    { config: { honeypot: { message: 'Applied' } }, preValidation: upload.preValidation },
    async (request) => {
      stored.push(upload.body(request).name);
      return ok({ id: 'real' }, 'Applied');
    },
  );
  await app.ready();
  return { app, stored };
}

describe('config.honeypot', () => {
  it('answers a filled honeypot with the route’s success envelope and a made-up id; the handler never runs', async () => {
    const { app, stored } = await probeApp();
    const res = await app.inject({
      method: 'POST',
      url: '/json',
      payload: { name: 'Bot', website: 'http://spam.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: 'Thanks, we got it',
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    const custom = await app.inject({ method: 'POST', url: '/answer', payload: { name: 'Bot', website: 'x' } });
    expect(custom.json()).toEqual({ status: 200, message: 'Subscribed', data: { name: 'Bot' } });
    expect(stored).toEqual([]);
    await app.close();
  });

  it('lets an empty or blank honeypot through to the handler', async () => {
    const { app, stored } = await probeApp();
    for (const website of [undefined, '', '   ']) {
      const res = await app.inject({ method: 'POST', url: '/json', payload: { name: 'Ann', website } });
      expect(res.json()).toMatchObject({ status: 200, data: { id: 'real' } });
    }
    expect(stored).toEqual(['Ann', 'Ann', 'Ann']);
    await app.close();
  });

  it('checks the form first: an invalid form with a filled honeypot gets the same 400 a person would', async () => {
    const { app, stored } = await probeApp();
    const res = await app.inject({
      method: 'POST',
      url: '/json',
      payload: { name: ' ', website: 'http://spam.example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { name: 'Please enter your name' } });
    expect(stored).toEqual([]);
    await app.close();
  });

  it('works on multipart forms read by multipartBody, after their fields are checked', async () => {
    const { app, stored } = await probeApp();
    const bot = await app.inject({
      method: 'POST',
      url: '/multipart',
      ...multipartForm({ name: 'Bot', website: 'http://spam.example' }),
    });
    expect(bot.json()).toEqual({
      status: 200,
      message: 'Applied',
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    const invalid = await app.inject({
      method: 'POST',
      url: '/multipart',
      ...multipartForm({ name: '', website: 'http://spam.example' }),
    });
    expect(invalid.statusCode).toBe(400);
    const person = await app.inject({ method: 'POST', url: '/multipart', ...multipartForm({ name: 'Ann' }) });
    expect(person.json()).toMatchObject({ data: { id: 'real' } });
    expect(stored).toEqual(['Ann']);
    await app.close();
  });

  it('refuses to register a form that has the honeypot field but no config.honeypot', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerHoneypot(app);
    expect(() => app.post('/forgot-json', { schema: { body: form } }, async () => ok(null))).toThrow(
      /declare config\.honeypot/,
    );
    const upload = multipartBody({ fields: form, files: { doc: 'document' } });
    expect(() => app.post('/forgot-multipart', { preValidation: upload.preValidation }, async () => ok(null))).toThrow(
      /declare config\.honeypot/,
    );
    // A form without the field needs nothing.
    expect(() =>
      app.post('/plain', { schema: { body: z.object({ name: z.string() }) } }, async () => ok(null)),
    ).not.toThrow();
    await app.close();
  });
});
