import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { leadNotes, users } from '@kikstart/db';
import {
  ADMIN_LEAD_MESSAGES,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  UNASSIGNED,
  type AdminLead,
  type AdminLeadDetail,
  type AdminLeadsQuery,
  type LeadKind,
  type LeadNote,
  type LeadOwner,
  type LeadStatus,
} from '@kikstart/contract/admin-leads';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { formatPhoneAsTyped } from '@kikstart/contract/phone';
import { AppError } from '../../lib/errors.ts';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { toCsv } from '../../lib/csv.ts';
import { INBOX, LEAD_TABLES, iso, rowsOf } from './lead-inbox-sql.ts';
import { leadFields } from './lead-fields.ts';

/** The most rows one CSV export holds, so a filter cannot make the API build an unbounded file. */
export const LEAD_EXPORT_MAX = 10_000;
/** The summary column of the list is cut here; the detail shows everything. */
const SUMMARY_MAX = 160;

interface InboxRow {
  kind: LeadKind;
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  organization: string | null;
  summary: string;
  status: LeadStatus;
  owner_id: string | null;
  owner_name: string | null;
  created_at: Date | string;
}

const toLead = (row: InboxRow, summaryMax = SUMMARY_MAX): AdminLead => ({
  kind: row.kind,
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone ? formatPhoneAsTyped(row.phone) : null,
  organization: row.organization,
  summary: row.summary.length > summaryMax ? `${row.summary.slice(0, summaryMax - 1)}…` : row.summary,
  status: row.status,
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  createdAt: iso(row.created_at)!,
});

type LeadFilters = Pick<AdminLeadsQuery, 'kind' | 'status' | 'owner' | 'q'>;

function whereOf(filters: LeadFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.kind) conditions.push(sql`l.kind = ${filters.kind}`);
  if (filters.status) conditions.push(sql`l.status = ${filters.status}`);
  if (filters.owner === UNASSIGNED) conditions.push(sql`l.owner_id is null`);
  else if (filters.owner) conditions.push(sql`l.owner_id = ${filters.owner}`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(sql`(l.name ilike ${pattern} or l.email ilike ${pattern} or l.organization ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

const SORT_COLUMNS = {
  createdAt: sql`l.created_at`,
  name: sql`lower(l.name)`,
  kind: sql`l.kind`,
  status: sql`l.status`,
};

/** Newest first unless asked otherwise; the id keeps pages stable among equal values. */
function orderOf(sort: string | undefined): SQL {
  return sql.join([...orderFrom(sort, SORT_COLUMNS, sql`l.created_at desc`), sql`l.id`], sql`, `);
}

const selectInbox = (where: SQL, order: SQL, limit: number, offset = 0) => sql`
  with l as (${INBOX})
  select l.*, nullif(trim(o.first_name || ' ' || o.last_name), '') as owner_name
  from l left join users o on o.id = l.owner_id
  where ${where}
  order by ${order}
  limit ${limit} offset ${offset}`;

/** One page of the inbox across every kind, filtered, searched and sorted on the server. */
export async function listLeads(db: Db, query: AdminLeadsQuery): Promise<AdminPage<AdminLead>> {
  const where = whereOf(query);
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    rowsOf<InboxRow>(db, selectInbox(where, orderOf(query.sort), limit, offset)),
    rowsOf<{ n: number }>(db, sql`with l as (${INBOX}) select count(*)::int as n from l where ${where}`),
  ]);
  return { items: rows.map((r) => toLead(r)), total: count?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The current filter as CSV (every page, up to LEAD_EXPORT_MAX rows), summaries in full. */
export async function exportLeads(db: Db, query: AdminLeadsQuery): Promise<string> {
  const rows = await rowsOf<InboxRow>(db, selectInbox(whereOf(query), orderOf(query.sort), LEAD_EXPORT_MAX));
  return toCsv(
    ['Received', 'Kind', 'Status', 'Name', 'Email', 'Phone', 'School', 'Summary', 'Owner'],
    rows.map((row) => {
      const lead = toLead(row, Number.MAX_SAFE_INTEGER);
      return [
        lead.createdAt,
        LEAD_KIND_LABELS[lead.kind],
        LEAD_STATUS_LABELS[lead.status],
        lead.name,
        lead.email,
        lead.phone,
        lead.organization,
        lead.summary,
        lead.ownerName,
      ];
    }),
  );
}

/** The lead's inbox row, or 404. */
async function inboxRow(db: Db, kind: LeadKind, id: string): Promise<InboxRow> {
  const [row] = await rowsOf<InboxRow>(db, selectInbox(sql`l.kind = ${kind} and l.id = ${id}`, sql`l.id`, 1));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.notFound);
  return row;
}

async function notesOf(db: Db, kind: LeadKind, id: string): Promise<LeadNote[]> {
  const rows = await db
    .select({
      id: leadNotes.id,
      body: leadNotes.body,
      createdAt: leadNotes.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(eq(leadNotes[LEAD_TABLES[kind].noteColumn], id))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
  return rows.map((n) => ({
    id: n.id,
    body: n.body,
    authorName: n.firstName === null ? null : `${n.firstName} ${n.lastName ?? ''}`.trim(),
    createdAt: n.createdAt.toISOString(),
  }));
}

/** Everything about one lead: its inbox row, every field the visitor sent, the notes, and its decisions. */
export async function leadDetail(db: Db, kind: LeadKind, id: string): Promise<AdminLeadDetail> {
  const row = await inboxRow(db, kind, id);
  const [extra, notes] = await Promise.all([leadFields(db, kind, id), notesOf(db, kind, id)]);
  return { ...toLead(row, Number.MAX_SAFE_INTEGER), ...extra, notes };
}

/** Admins, the staff who can own a lead, by name. */
export async function leadOwners(db: Db): Promise<LeadOwner[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(sql`'admin' = any(${users.staffRoles})`)
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email }));
}

/** Moves a lead along (status) or hands it to an admin (owner; null leaves it unowned). */
export async function updateLead(opts: {
  db: Db;
  kind: LeadKind;
  id: string;
  status?: LeadStatus;
  ownerId?: string | null;
}): Promise<AdminLeadDetail> {
  const { db, kind, id } = opts;
  await db.transaction(async (tx) => {
    if (opts.ownerId) {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, opts.ownerId), sql`'admin' = any(${users.staffRoles})`));
      if (!owner)
        throw new AppError('BAD_REQUEST', ADMIN_LEAD_MESSAGES.ownerNotAdmin, {
          ownerId: ADMIN_LEAD_MESSAGES.ownerNotAdmin,
        });
    }
    await setLeadColumns(tx, kind, id, {
      ...(opts.status !== undefined ? { [LEAD_TABLES[kind].statusColumn]: opts.status } : {}),
      ...(opts.ownerId !== undefined ? { owner_id: opts.ownerId } : {}),
    });
  });
  return leadDetail(db, kind, id);
}

/**
 * Sets columns of one lead row, or 404 when the kind has no such lead. Column names come from
 * LEAD_TABLES and this module, never from input; values are bound parameters.
 */
export async function setLeadColumns(
  db: Db,
  kind: LeadKind,
  id: string,
  values: Record<string, string | Date | null>,
): Promise<void> {
  const { table, only, statusColumn } = LEAD_TABLES[kind];
  const assignments = Object.entries(values).map(([column, raw]) => {
    // Both drivers take text for a timestamp; not every one serializes a Date.
    const value = raw instanceof Date ? raw.toISOString() : raw;
    return column === statusColumn
      ? sql`${sql.identifier(column)} = ${value}::lead_status`
      : sql`${sql.identifier(column)} = ${value}`;
  });
  const updated = await rowsOf<{ id: string }>(
    db,
    sql`update ${sql.identifier(table)} set ${sql.join(assignments, sql`, `)}
        where id = ${id} ${only ? sql`and ${only}` : sql``} returning id`,
  );
  if (!updated.length) throw new AppError('NOT_FOUND', ADMIN_LEAD_MESSAGES.notFound);
}

/** Adds a staff note to a lead's thread. */
export async function addLeadNote(opts: {
  db: Db;
  kind: LeadKind;
  id: string;
  authorId: string;
  body: string;
  now: Date;
}): Promise<LeadNote> {
  await inboxRow(opts.db, opts.kind, opts.id);
  const values = { [LEAD_TABLES[opts.kind].noteColumn]: opts.id, authorId: opts.authorId, body: opts.body };
  const [note] = await opts.db
    .insert(leadNotes)
    .values({ ...values, createdAt: opts.now } as typeof leadNotes.$inferInsert)
    .returning({ id: leadNotes.id });
  const notes = await notesOf(opts.db, opts.kind, opts.id);
  return notes.find((n) => n.id === note!.id)!;
}
