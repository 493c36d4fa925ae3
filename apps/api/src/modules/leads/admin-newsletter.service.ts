import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { newsletterSubscribers } from '@kikstart/db';
import {
  NEWSLETTER_STATUS_LABELS,
  type AdminSubscriber,
  type AdminSubscribersQuery,
} from '@kikstart/contract/admin-leads';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { toCsv } from '../../lib/csv.ts';
import { LEAD_EXPORT_MAX } from './admin-leads.service.ts';

const s = newsletterSubscribers;
const columns = {
  id: s.id,
  email: s.email,
  status: s.status,
  createdAt: s.createdAt,
  confirmedAt: s.confirmedAt,
  unsubscribedAt: s.unsubscribedAt,
};

function whereOf(query: Pick<AdminSubscribersQuery, 'status' | 'q'>): SQL | undefined {
  return and(
    query.status ? eq(s.status, query.status) : undefined,
    query.q ? ilike(s.email, containsPattern(query.q)) : undefined,
  );
}

/** Newest first unless asked otherwise; the id keeps pages stable. */
const orderOf = (sort: string | undefined) => [
  ...orderFrom(sort, { createdAt: s.createdAt, email: s.email }, desc(s.createdAt)),
  s.id,
];

type SubscriberRow = Pick<typeof s.$inferSelect, keyof typeof columns>;

const toSubscriber = (row: SubscriberRow) =>
  ({
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  }) satisfies AdminSubscriber;

/** Newsletter sign-ups (unconfirmed, confirmed, unsubscribed), searched by email. */
export async function listSubscribers(db: Db, query: AdminSubscribersQuery): Promise<AdminPage<AdminSubscriber>> {
  const where = whereOf(query);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(s)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(s).where(where),
  ]);
  return { items: rows.map(toSubscriber), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The current filter as CSV, up to LEAD_EXPORT_MAX rows. */
export async function exportSubscribers(db: Db, query: AdminSubscribersQuery): Promise<string> {
  const rows = await db
    .select(columns)
    .from(s)
    .where(whereOf(query))
    .orderBy(...orderOf(query.sort))
    .limit(LEAD_EXPORT_MAX);
  return toCsv(
    ['Email', 'Status', 'Signed up', 'Confirmed', 'Unsubscribed'],
    rows
      .map(toSubscriber)
      .map((r) => [r.email, NEWSLETTER_STATUS_LABELS[r.status], r.createdAt, r.confirmedAt, r.unsubscribedAt]),
  );
}
