import type { Db } from '@kikstart/db';
import { auditLog } from '@kikstart/db';

export interface AuditEntry {
  at: Date;
  actorId: string;
  /** `<METHOD> <route pattern>`. */
  action: string;
  /** Ids only: path parameters and what the route names (never names, notes or medical text). */
  subjectIds: Record<string, string | string[]>;
  status: number;
  ip: string;
}

/** Appends one entry; the table refuses updates and deletes (migration 0011). */
export async function recordAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}
