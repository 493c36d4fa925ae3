import type { FastifyInstance, FastifyRequest, RouteOptions, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { Role } from '@kikstart/contract/roles';
import { findSessionUser, type AuthUser } from '../modules/auth/sessions.service.ts';
import { TOKEN_COOKIE, parseCookies } from '../lib/request-cookies.ts';

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
 * A route rate limit counted per signed-in user: it runs as a preHandler, after the onRequest
 * guard has set `request.user`, so people sharing one address do not block each other.
 */
export const perUserRateLimit = (max: number, timeWindow: string) => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
});

/** Marks the functions `requireUser` makes, so route registration can check where they sit. */
const GUARD = Symbol('requireUser');
const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;
const guardedRouteLists = new WeakMap<FastifyInstance, GuardedRoute[]>();
const routeLists = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Reads `x-access-token` on every request. An unknown or revoked token is treated as no token
 * here; routes that need a user answer 401 through `requireUser`.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  const guarded: GuardedRoute[] = [];
  guardedRouteLists.set(app, guarded);
  const all: RegisteredRoute[] = [];
  routeLists.set(app, all);
  // A guard on a later hook would let validation answer first (400 with field names to a
  // signed-out caller): refuse to start rather than ship that.
  app.addHook('onRoute', (route) => {
    const late = LATE_HOOKS.find((hook) => hooksOf(route[hook]).some(isGuard));
    if (late) throw new Error(`${String(route.method)} ${route.url}: requireUser belongs on onRequest, not ${late}`);
    const guard = hooksOf(route.onRequest).find(isGuard);
    for (const method of [route.method].flat()) {
      all.push({ method, url: route.url, roles: guard ? guard[GUARD] : null });
      if (guard) guarded.push({ method, url: route.url, roles: guard[GUARD] });
    }
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers[TOKEN_HEADER];
    const token = typeof header === 'string' ? header.trim() : '';
    if (token) request.user = await findSessionUser(app.db, token, app.clock.now());
  });
}

/**
 * Who is signed in on this request, by the header or, for what an <img> or a download link asks
 * for, by the web app's session cookie. Only ever used to refuse a link made for someone else
 * (decision 0035), never to grant anything, so the cookie opens no cross-site request here.
 */
export async function signedInUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  if (request.user) return request.user;
  const token = parseCookies(request.headers.cookie)[TOKEN_COOKIE]?.trim();
  return token ? findSessionUser(app.db, token, app.clock.now()) : null;
}

/**
 * Route `onRequest` guard: the caller must be signed in, and have one of `roles` when given
 * (`parent` means a member of a family, whatever else the account is).
 * On onRequest (after the global hook above has read the token) it runs before body parsing and
 * validation, so a signed-out caller gets 401 whatever they sent.
 */
export function requireUser(...roles: Role[]): onRequestAsyncHookHandler {
  const guard: onRequestAsyncHookHandler = async (request) => {
    if (!request.user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
    if (roles.length && !roles.some((role) => request.user!.roles.includes(role)))
      throw new AppError('FORBIDDEN', NOT_ALLOWED);
  };
  return Object.assign(guard, { [GUARD]: roles });
}

/** A route behind `requireUser`, as registered (prefix included). */
export interface GuardedRoute {
  method: string;
  url: string;
  roles: readonly Role[];
}

/** Every guarded route of an app built with `registerAuth`, in registration order. */
export function guardedRoutes(app: FastifyInstance): readonly GuardedRoute[] {
  return guardedRouteLists.get(app) ?? [];
}

/** A route as registered, guarded or not (`roles` null): the authorization matrix walks these. */
export interface RegisteredRoute {
  method: string;
  url: string;
  roles: readonly Role[] | null;
}

/** Every route registered after `registerAuth`, guarded or not, so a route that forgot its guard is listed too. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeLists.get(app) ?? [];
}

function hooksOf(hooks: RouteOptions[keyof RouteOptions]): unknown[] {
  return Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
}

function isGuard(hook: unknown): hook is { [GUARD]: readonly Role[] } {
  return typeof hook === 'function' && GUARD in hook;
}

/** The signed-in user inside a handler behind `requireUser`; throws if the guard was forgotten. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED);
  return request.user;
}
