import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { auditLog, users } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AuditEntry, AuditLogQuery } from '@kikstart/contract/admin-audit';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { dayEndSql, dayStartSql } from '../../lib/local-days.ts';

/**
 * One page of the audit log, newest first by default. Read-only: nothing here (or anywhere)
 * edits or deletes an entry. The actor's name and email come from their account when it still
 * exists; the entry itself holds only ids.
 */
export async function listAuditLog(opts: { db: Db; query: AuditLogQuery }): Promise<AdminPage<AuditEntry>> {
  const { db, query } = opts;
  const filters: (SQL | undefined)[] = [];
  if (query.q) filters.push(ilike(auditLog.action, containsPattern(query.q)));
  if (query.actor) {
    const pattern = containsPattern(query.actor);
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        // An exact id finds the entries of a deleted account too.
        sql`${auditLog.actorId}::text = ${query.actor.toLowerCase()}`,
      ),
    );
  }
  // Days where the programs run, like the dashboard's range.
  if (query.from) filters.push(sql`${auditLog.at} >= ${dayStartSql(query.from)}`);
  if (query.to) filters.push(sql`${auditLog.at} < ${dayEndSql(query.to)}`);
  const where = and(...filters);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        firstName: users.firstName,
        lastName: users.lastName,
        actorEmail: users.email,
        action: auditLog.action,
        subjectIds: auditLog.subjectIds,
        status: auditLog.status,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          { at: auditLog.at, action: auditLog.action, status: auditLog.status },
          desc(auditLog.at),
        ),
        desc(auditLog.id),
      )
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
  ]);
  return {
    items: rows.map(({ firstName, lastName, at, ...r }) => ({
      ...r,
      at: at.toISOString(),
      actorName: firstName === null ? null : `${firstName} ${lastName}`,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
