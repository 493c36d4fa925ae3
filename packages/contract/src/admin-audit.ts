import { z } from 'zod';
import { ADMIN_SEARCH_MAX, adminListQuerySchema } from './admin-lists.ts';
import { DASHBOARD_MESSAGES, dayRangeRefinement, isoDayField } from './admin-dashboard.ts';

/**
 * The audit log's list (docs/decisions/0020-staff-roles-and-audit.md): newest first unless
 * sorted otherwise; `q` searches the action ("programs", "POST"), `actor` the staff member's
 * name or email, `from`/`to` are days where the programs run (both included).
 */
export const AUDIT_SORTABLE = ['at', 'action', 'status'] as const;

export const auditLogQuerySchema = adminListQuerySchema(AUDIT_SORTABLE)
  .extend({
    actor: z.string().trim().max(ADMIN_SEARCH_MAX, `Actor must be at most ${ADMIN_SEARCH_MAX} characters`).optional(),
    from: isoDayField(DASHBOARD_MESSAGES.fromRequired).optional(),
    to: isoDayField(DASHBOARD_MESSAGES.toRequired).optional(),
  })
  .superRefine(dayRangeRefinement());
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actorId: z.uuid(),
  /** Null when the account was deleted since (the entry stays). */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  subjectIds: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  status: z.number().int(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
