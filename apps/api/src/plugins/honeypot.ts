import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.ts';
import { multipartFieldSchemas } from '../lib/multipart-body.ts';

/** The hidden field every public form sends (apps/web honeypot-field.tsx); people leave it empty. */
export const HONEYPOT_FIELD = 'website';

/**
 * A route's honeypot, declared as `config: { honeypot: { message } }`. `message` is the route's
 * own success message; `answer` makes the data a real submission would get (by default a
 * receipt with a made-up id), so a bot cannot tell it was caught.
 */
export interface Honeypot {
  message: string;
  answer?: (body: Record<string, unknown>) => unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    honeypot?: Honeypot;
  }
}

export const isHoneypotFilled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
export const fakeReceipt = () => ({ id: randomUUID() });

/**
 * Answers a filled honeypot with the route's success envelope before the handler runs, so
 * nothing is stored or sent. It runs on preHandler: after the body is validated (a bot's
 * invalid form still gets the 400 a person would) and after the rate limit counted the request.
 * Multipart routes read their form before this too (lib/multipart-body.ts).
 */
export function registerHoneypot(app: FastifyInstance) {
  // A form with the field but no option would store what bots send: refuse to start instead.
  app.addHook('onRoute', (route) => {
    const forms = [route.schema?.body, ...multipartFieldSchemas(route.preValidation)];
    if (forms.some(hasHoneypotField) && !route.config?.honeypot) {
      throw new Error(
        `${String(route.method)} ${route.url}: the form has the "${HONEYPOT_FIELD}" honeypot; declare config.honeypot`,
      );
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    const trap = request.routeOptions.config.honeypot;
    if (!trap) return;
    const body = request.body;
    if (typeof body !== 'object' || body === null) return;
    const fields = body as Record<string, unknown>;
    if (!isHoneypotFilled(fields[HONEYPOT_FIELD])) return;
    return reply.send(ok(trap.answer ? trap.answer(fields) : fakeReceipt(), trap.message));
  });
}

/** True for a zod object schema with the honeypot field. */
function hasHoneypotField(schema: unknown) {
  if (typeof schema !== 'object' || schema === null || !('shape' in schema)) return false;
  const shape = schema.shape;
  return typeof shape === 'object' && shape !== null && HONEYPOT_FIELD in shape;
}
