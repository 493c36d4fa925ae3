import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import type { Db, DbHandle } from '@kikstart/db';
import type { AppConfig } from './config/env.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerWeb } from './plugins/web.ts';
import { serverLimits } from './plugins/request-limits.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerFiles } from './plugins/files.ts';
import { registerHoneypot } from './plugins/honeypot.ts';
import { registerAudit } from './plugins/audit.ts';
import { registerPaymentGateways } from './plugins/payment-gateways.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { MULTIPART_LIMITS } from './lib/multipart.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { apiModules } from './modules/index.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where services read the time; tests pass a clock they move by hand. */
  clock?: Clock;
  /**
   * LISTEN on the database (DbHandle.listen): chat sockets hear of messages other processes commit,
   * and the kept public pages of edits made through them.
   */
  listen?: DbHandle['listen'];
  /** The database's connection pool (DbHandle.pool), for the metrics' pool waits. */
  pool?: DbHandle['pool'];
}

/**
 * The default Cache-Control of every /api answer. Most carry personal data, and those that do not
 * (content pages, the catalog) are small and cached in memory by the web app already; a route
 * whose answer is the same for every caller may opt into short public caching with its own header.
 */
export const API_CACHE_CONTROL = 'no-store';

/** JSON bodies are small forms; uploads go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 256 * 1024;

/** The whole application without listening, so tests drive it with inject(). */
export async function buildApp({ config, db, logger = false, clock = systemClock, listen, pool }: BuildAppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT,
    ...serverLimits(config.http),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    rewriteUrl: (req) => probeAlias(req.url ?? '/'),
    logController: new OneLinePerRequest(),
    // Errors the router and Node's parser answer before any route: the envelope all the same.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by their compiled schema; the test suite also checks them with zod.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env === 'test' }));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('shutdown', { started: false });
  // While shutting down, each answer closes its connection: a kept-alive one would hold the
  // server open until its idle timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (app.shutdown.started) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers may carry personal data: no browser or proxy keeps them, unless a route whose
    // answer is the same for every caller replaces this with its own Cache-Control.
    if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
  });

  registerErrorHandler(app);
  // Before any route, so its request counter sees every route, the web app's pages included.
  await registerMetrics(app, config, { pool });
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
  registerAudit(app);
  registerHoneypot(app);
  await registerFiles(app, config);
  registerPaymentGateways(app, config);
  await registerDocs(app);
  await registerRealtime(app, config, listen);

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config, listen);
  return app;
}

/**
 * One log line per request instead of Fastify's two ("incoming request" and "request completed"):
 * the completed line carries the request too, so nothing is lost and a busy morning writes half.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * The probe paths operators type, answered by the API's own probes (modules/health): never the
 * web app's page, which would say 200 whatever the state of the process.
 */
export const PROBE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['/healthz', '/api/health'],
  ['/readyz', '/api/ready'],
]);

/** Fastify's rewriteUrl: an alias becomes its probe's path, the query string kept. */
function probeAlias(url: string) {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const target = PROBE_ALIASES.get(path.length > 1 ? path.replace(/\/$/, '') : path);
  return target ? target + (query < 0 ? '' : url.slice(query)) : url;
}

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Fastify takes a hop count at run time but not in its types; a function says the same. */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
