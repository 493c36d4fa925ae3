import { sql, type SQL } from 'drizzle-orm';
import type { LeadKind } from '@kikstart/contract/admin-leads';

/**
 * The one shape the inbox reads: every lead table as (kind, id, name, email, phone, organization,
 * summary, status, owner_id, created_at). Each table keeps the form's own columns; this view is
 * the only place that knows how each maps, so the list, the detail and the export agree.
 */
export const INBOX = sql`
  select 'demo'::text as kind, d.id, d.full_name as name, null::text as email, d.phone,
    d.school_name as organization, d.date::text || ' at ' || d.time as summary, d.status, d.owner_id, d.created_at
  from demo_requests d
  union all
  select 'call', c.id, c.full_name, null, c.phone, c.school_name, c.best_time_to_call || ': ' || c.notes,
    c.status, c.owner_id, c.created_at
  from call_bookings c
  union all
  select e.kind::text, e.id, e.name, e.email, e.phone, null, e.subject, e.status, e.owner_id, e.created_at
  from enquiries e
  union all
  select 'school', s.id, s.contact_name, s.email, s.phone, s.school_name, s.message, s.status, s.owner_id, s.created_at
  from school_requests s
  union all
  select 'coach-application', a.id, a.name, a.email, a.phone, null, a.sports, a.status, a.owner_id, a.created_at
  from coach_applications a
  union all
  select 'coach-request', r.id, trim(u.first_name || ' ' || u.last_name), u.email, u.phone, null, r.message,
    r.lead_status, r.owner_id, r.created_at
  from coach_role_requests r join users u on u.id = r.user_id`;

/**
 * Each kind's table, its status column and its column in lead_notes. Statements name tables only
 * from this fixed map, never from input; `only` tells the enquiry and the contact form apart.
 */
export const LEAD_TABLES: Record<
  LeadKind,
  { table: string; statusColumn: string; noteColumn: NoteColumn; only?: SQL }
> = {
  demo: { table: 'demo_requests', statusColumn: 'status', noteColumn: 'demoRequestId' },
  call: { table: 'call_bookings', statusColumn: 'status', noteColumn: 'callBookingId' },
  enquiry: { table: 'enquiries', statusColumn: 'status', noteColumn: 'enquiryId', only: sql`kind = 'enquiry'` },
  contact: { table: 'enquiries', statusColumn: 'status', noteColumn: 'enquiryId', only: sql`kind = 'contact'` },
  school: { table: 'school_requests', statusColumn: 'status', noteColumn: 'schoolRequestId' },
  'coach-application': { table: 'coach_applications', statusColumn: 'status', noteColumn: 'coachApplicationId' },
  'coach-request': { table: 'coach_role_requests', statusColumn: 'lead_status', noteColumn: 'coachRoleRequestId' },
};

export type NoteColumn =
  'demoRequestId' | 'callBookingId' | 'enquiryId' | 'schoolRequestId' | 'coachApplicationId' | 'coachRoleRequestId';

/** Rows of a raw statement; both drivers (PGlite, node-postgres) answer { rows }. */
export async function rowsOf<T>(db: { execute: (q: SQL) => Promise<unknown> }, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** A timestamp from a raw row (a Date from either driver, or its text) as ISO 8601. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
