import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import type { Db } from '@kikstart/db';
import type { AppConfig } from './config/env.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerWeb } from './plugins/web.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerFiles } from './plugins/files.ts';
import { MULTIPART_LIMITS } from './lib/multipart.ts';
import { apiModules } from './modules/index.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where services read the time; tests pass a clock they move by hand. */
  clock?: Clock;
}

/** JSON bodies are small forms; uploads go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 256 * 1024;

/** The whole application without listening, so tests drive it with inject(). */
export async function buildApp({ config, db, logger = false, clock = systemClock }: BuildAppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurity(app, config);
  // Routes opt in with `config: { rateLimit: … }`; 429s use the envelope via the error handler.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`,
    }),
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  registerAuth(app);
  await registerFiles(app, config);
  await registerDocs(app);

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config);
  return app;
}

/** Fastify takes a hop count at run time but not in its types; a function says the same. */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
