import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every staff write and every staff read of a child's medical data: who, what, when and from
 * where. It holds ids only, never the text that was read or written (medical notes stay in their
 * rows). Append-only: a trigger (migration 0011) refuses UPDATE and DELETE. No foreign key, so
 * deleting an account keeps the record of what was done.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').notNull(),
    /** `<METHOD> <route pattern>`, e.g. `PATCH /api/admin/programs/:programId`. */
    action: text('action').notNull(),
    /** The route's path parameters and any ids the route names (for a read, the children read). */
    subjectIds: jsonb('subject_ids').$type<Record<string, string | string[]>>().notNull().default({}),
    status: integer('status').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actorId, t.at)],
);
