import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { findSessionUser, type AuthUser, type Role } from '../modules/auth/sessions.service.ts';

/** The header that carries the session token (spec §6). */
export const TOKEN_HEADER = 'x-access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every request that carries a valid token. */
    user: AuthUser | null;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue';
export const NOT_ALLOWED = 'You do not have permission to do that';

/**
 * Reads `x-access-token` on every request. An unknown or revoked token is treated as no token
 * here; routes that need a user answer 401 through `requireUser`.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[TOKEN_HEADER];
    const token = typeof header === 'string' ? header.trim() : '';
    if (token) request.user = await findSessionUser(app.db, token, app.clock.now());
  });
}

/**
 * Route `onRequest` guard: the caller must be signed in, and have one of `roles` when given.
 * On onRequest (after the global hook above has read the token) it runs before body parsing and
 * validation, so a signed-out caller gets 401 whatever they sent.
 */
export function requireUser(...roles: Role[]): onRequestAsyncHookHandler {
  return async (request) => {
    if (!request.user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    if (roles.length && !roles.includes(request.user.role)) throw new AppError('FORBIDDEN', NOT_ALLOWED);
  };
}

/** The signed-in user inside a handler behind `requireUser`; throws if the guard was forgotten. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
  return request.user;
}
