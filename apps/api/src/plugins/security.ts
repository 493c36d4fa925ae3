import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import type { AppConfig } from '../config/env.ts';

/**
 * Security headers with a real Content-Security-Policy for the served web app, and CORS only
 * for the configured origins (the same-origin site needs none).
 */
export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  // Helmet's middleware, built once and run for every request (404s and files included). The
  // Fastify plugin built it again for each request, parsing the policy's directives every time
  // (about 5% of the API's CPU samples in the registration-day rush's profile).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI's styling engine) injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The monitoring host only when SENTRY_DSN is set (decision 0009), never a wildcard.
        connectSrc: ["'self'", ...config.corsOrigins, ...(config.monitoring ? [config.monitoring.origin] : [])],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Uploaded images are fetched by the web app when it is served from another origin.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length ? 'cross-origin' : 'same-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    allowedHeaders: ['content-type', 'x-access-token'],
    exposedHeaders: ['x-request-id'],
    // The sign-up cookie (modules/auth/signup-browser.ts) travels with sign-up and verification
    // when the web app is on another origin; no other route reads a cookie, so nothing else changes.
    credentials: true,
    maxAge: 600,
  });
}
