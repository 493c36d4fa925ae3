import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { body, useTestApp } from '../../test/test-app.ts';
import { createUserWithSession } from '../../test/user-fixtures.ts';
import { nextIp } from '../../test/client-ip.ts';
import { ok } from '../lib/envelope.ts';
import { registeredRoutes, requireUser, type RegisteredRoute } from '../plugins/auth.ts';

/**
 * The authorization matrix, generated from the routes the app registers (plugins/auth.ts lists
 * every one, guarded or not): each /api/admin route answers a signed-out caller 401, a parent and a
 * coach 403, and an admin something that is neither (nor a 5xx); each parent-only route answers a
 * staff account without a family 403. A route added without its guard fails here by name.
 */

/** Probe routes that break the rule on purpose: the matrix must report them, so it would report a real one. */
const PROBES = {
  unguarded: '/api/admin/authorization-probe/unguarded',
  signedIn: '/api/admin/authorization-probe/signed-in',
  coach: '/api/admin/authorization-probe/coach',
} as const;
const isProbe = (route: RegisteredRoute) => (Object.values(PROBES) as string[]).includes(route.url);

const t = useTestApp({}, (app) => {
  app.post(PROBES.unguarded, async () => ok(null));
  app.get(PROBES.signedIn, { onRequest: requireUser() }, async () => ok(null));
  app.get(PROBES.coach, { onRequest: requireUser('coach', 'admin') }, async () => ok(null));
});

type Caller = 'anonymous' | 'parent' | 'coach' | 'admin';
const headers = {} as Record<Caller, Record<string, string>>;

beforeAll(async () => {
  headers.anonymous = {};
  headers.parent = (await createUserWithSession(t)).headers;
  // Staff accounts without a family, as create-admin and coach approval make them.
  headers.coach = (await createUserWithSession(t, { role: 'coach' })).headers;
  headers.admin = (await createUserWithSession(t, { role: 'admin' })).headers;
});

const routesUnder = (prefix: string) =>
  registeredRoutes(t.app).filter((r) => r.url === prefix || r.url.startsWith(`${prefix}/`));

/** One request as `caller`: path parameters are fresh ids nobody owns, a body route gets an empty object. */
function send(route: RegisteredRoute, caller: Caller) {
  const url = route.url.replace(/:[^/]+/g, () => randomUUID()).replace(/\*$/, randomUUID());
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return t.app.inject({
    method: route.method as HTTPMethods,
    url,
    headers: headers[caller],
    remoteAddress: nextIp(),
    ...(hasBody ? { payload: {} } : {}),
  });
}

/** The refusal each caller gets from a route it may not use: signed out 401, signed in 403. */
const refusal = (caller: Caller) =>
  caller === 'anonymous' ? { status: 401, code: 'UNAUTHORIZED' } : { status: 403, code: 'FORBIDDEN' };

/**
 * Every way `routes` break the matrix, one line each ("POST /api/admin/x as coach: 200, expected
 * 403 FORBIDDEN"): the `refused` callers must get their refusal, the `allowed` ones anything but
 * 401, 403 or a 5xx.
 */
async function matrixProblems(
  routes: readonly RegisteredRoute[],
  guardedBy: string,
  { refused, allowed = [] }: { refused: Caller[]; allowed?: Caller[] },
) {
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    if (JSON.stringify(route.roles) !== guardedBy)
      problems.push(`${name}: guarded by ${JSON.stringify(route.roles)}, expected requireUser(${guardedBy})`);
    for (const caller of [...refused, ...allowed]) {
      const res = await send(route, caller);
      // HEAD answers carry no body, and a CSV or a file is not an envelope: the status alone decides there.
      const isEnvelope = route.method !== 'HEAD' && String(res.headers['content-type']).startsWith('application/json');
      const code = isEnvelope && res.body ? body(res).code : undefined;
      const status = res.statusCode;
      const problem = allowed.includes(caller)
        ? status === 401 || status === 403 || status >= 500
          ? `${status} ${code ?? ''}, expected neither 401, 403 nor 5xx`
          : null
        : status !== refusal(caller).status || (route.method !== 'HEAD' && code !== refusal(caller).code)
          ? `${status}${code ? ` ${code}` : ''}, expected ${refusal(caller).status} ${refusal(caller).code}`
          : null;
      if (problem) problems.push(`${name} as ${caller}: ${problem}`);
    }
  }
  return problems;
}

/** Who may use the staff console: admins only. */
const STAFF_CONSOLE = { refused: ['anonymous', 'parent', 'coach'], allowed: ['admin'] } satisfies Record<
  string,
  Caller[]
>;

describe('authorization matrix of the staff console', () => {
  it('every /api/admin route: anonymous 401, parent 403, coach 403, admin neither; guarded by admin only', async () => {
    const routes = routesUnder('/api/admin').filter((r) => !isProbe(r));
    // The walk covers the real admin routes, not an empty list.
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/admin/payments/mark-received' }),
    );
    expect(await matrixProblems(routes, '["admin"]', STAFF_CONSOLE)).toEqual([]);
  });

  it('a route under /api/admin without the admin guard is reported, by method, path and caller', async () => {
    const probes = routesUnder('/api/admin').filter(isProbe);
    expect(probes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([`POST ${PROBES.unguarded}`, `GET ${PROBES.signedIn}`, `GET ${PROBES.coach}`]),
    );
    const problems = await matrixProblems(probes, '["admin"]', STAFF_CONSOLE);
    expect(problems).toEqual(
      expect.arrayContaining([
        `POST ${PROBES.unguarded}: guarded by null, expected requireUser(["admin"])`,
        `POST ${PROBES.unguarded} as anonymous: 200, expected 401 UNAUTHORIZED`,
        `POST ${PROBES.unguarded} as parent: 200, expected 403 FORBIDDEN`,
        `GET ${PROBES.signedIn} as coach: 200, expected 403 FORBIDDEN`,
        `GET ${PROBES.coach} as coach: 200, expected 403 FORBIDDEN`,
      ]),
    );
  });

  it('every admin-only route lives under /api/admin, where the audit log records staff writes', () => {
    const outside = registeredRoutes(t.app).filter(
      (r) => JSON.stringify(r.roles) === '["admin"]' && !r.url.startsWith('/api/admin/'),
    );
    expect(outside.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every parent-only route refuses a coach and an admin without a family (403)', async () => {
    const routes = registeredRoutes(t.app).filter((r) => JSON.stringify(r.roles) === '["parent"]');
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/children/program-list' }));
    expect(await matrixProblems(routes, '["parent"]', { refused: ['coach', 'admin'] })).toEqual([]);
  });
});
