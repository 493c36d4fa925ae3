import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { summarizeDbError } from '../lib/db-errors.ts';
import { withInvalidCharactersReplaced } from '@kikstart/contract/common';

/**
 * The audit log's one rule (docs/decisions/0020-staff-roles-and-audit.md): every write a staff
 * member makes through a staff route (`/api/admin/…`, `/api/coach/…`), refused or not, and every
 * staff read of a route marked `config: { audit: 'medical-read' }` that answered. Recorded here,
 * once, so a new staff route is audited without remembering to.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** This GET answers children's medical data (allergies, medical notes): staff reads are logged. */
    audit?: 'medical-read';
  }
  interface FastifyRequest {
    /** Ids a handler adds to its audit entry besides the path parameters (e.g. the children read). */
    auditSubjects: Record<string, string | string[]> | null;
  }
}

const STAFF_PATH = /^\/api\/(admin|coach)(\/|$)/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Names the ids a handler touched, for its audit entry (only read when the route is audited). */
export function addAuditSubjects(request: FastifyRequest, ids: Record<string, string | string[]>) {
  request.auditSubjects = { ...request.auditSubjects, ...ids };
}

export function registerAudit(app: FastifyInstance) {
  app.decorateRequest('auditSubjects', null);
  // onSend, not onResponse: the entry is written before the answer leaves, so whoever sees the
  // answer (a test, the next request) also finds the entry.
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.user;
    const route = request.routeOptions.url;
    if (!user || !route || !user.roles.some((role) => role === 'admin' || role === 'coach')) return payload;
    const write = !READ_METHODS.has(request.method) && STAFF_PATH.test(route);
    const medicalRead = request.routeOptions.config.audit === 'medical-read' && reply.statusCode < 400;
    if (!write && !medicalRead) return payload;
    try {
      await recordAudit(app.db, {
        at: app.clock.now(),
        actorId: user.id,
        action: `${request.method} ${route}`,
        subjectIds: auditSubjects({ ...stringParams(request.params), ...request.auditSubjects }),
        status: reply.statusCode,
        ip: auditText(request.ip),
      });
    } catch (err) {
      // The staff member's change stands; a lost entry is loud in the logs rather than a failed answer.
      request.log.error(auditFailureFields(err), 'audit entry not written');
    }
    return payload;
  });
}

/** The longest id or path segment an entry keeps; ids are uuids, anything longer is an attack. */
const MAX_SUBJECT_LENGTH = 200;

/**
 * A value as an entry stores it, cut to length: PostgreSQL refuses NUL in text and jsonb, so one
 * in a path parameter would otherwise lose the whole entry (common.ts isCleanText's characters).
 */
export function auditText(value: string): string {
  return withInvalidCharactersReplaced(value.slice(0, MAX_SUBJECT_LENGTH));
}

function auditSubjects(subjects: Record<string, string | string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(subjects).map(([key, value]) => [
      auditText(key),
      Array.isArray(value) ? value.map(auditText) : auditText(value),
    ]),
  );
}

/** What a failed write's log line says: the database's code and schema names, never the values. */
export function auditFailureFields(err: unknown) {
  const db = summarizeDbError(err);
  return db ? { db } : { error: err instanceof Error ? err.name : typeof err };
}

function stringParams(params: unknown): Record<string, string> {
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
