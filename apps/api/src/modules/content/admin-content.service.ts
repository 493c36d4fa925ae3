import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { contentPages, enrollments, users, waiverVersions } from '@kikstart/db';
import {
  CONTENT_MESSAGES,
  MARKDOWN_PAGES,
  STRUCTURED_CONTENT,
  WAIVER_PAGE_KEY,
  isMarkdownPageKey,
  type AdminContentPageListItem,
  type MarkdownPageEdit,
  type StructuredContent,
  type WaiverPublish,
  type WaiverVersion,
  type WaiverVersionSummary,
} from '@kikstart/contract/admin-content';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { ContentPage } from '@kikstart/contract/content';
import { AppError } from '../../lib/errors.ts';
import { orderFrom, pageWindow } from '../../lib/admin-list.ts';

type Row = typeof contentPages.$inferSelect;
const toPage = (row: Row): ContentPage => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/** Every editable page, the Markdown ones first, with the structured and waiver pages after. */
export async function listPages(db: Db): Promise<AdminContentPageListItem[]> {
  const rows = await db
    .select({
      key: contentPages.key,
      title: contentPages.title,
      version: contentPages.version,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .orderBy(asc(contentPages.key));
  const order = [...MARKDOWN_PAGES.map((p) => p.key as string), ...Object.values(STRUCTURED_CONTENT), WAIVER_PAGE_KEY];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return rows.sort((a, b) => rank(a.key) - rank(b.key)).map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** A stored page as staff see it, hidden list items included. */
export async function getPage(db: Db, key: string): Promise<ContentPage> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.key, key));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.notFound);
  return toPage(row);
}

/**
 * Writes one page if nobody saved it since `version` was read; bumps the version. Public reads
 * answer the new row at once (the API sends no-store; the console drops the web app's cache).
 */
async function saveIfUnchanged(
  db: Db,
  options: {
    key: string;
    version: number;
    now: Date;
    set: Partial<Pick<Row, 'title' | 'description' | 'body' | 'data'>>;
  },
): Promise<ContentPage> {
  const [row] = await db
    .update(contentPages)
    .set({ ...options.set, version: sql`${contentPages.version} + 1`, updatedAt: options.now })
    .where(and(eq(contentPages.key, options.key), eq(contentPages.version, options.version)))
    .returning();
  if (row) return toPage(row);
  await getPage(db, options.key); // 404 when the page does not exist at all
  throw new AppError('CONFLICT', CONTENT_MESSAGES.conflict);
}

export async function saveMarkdownPage(options: { db: Db; now: Date; key: string; input: MarkdownPageEdit }) {
  const { db, now, key, input } = options;
  if (!isMarkdownPageKey(key)) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.notFound);
  const { version, ...set } = input;
  return saveIfUnchanged(db, { key, version, now, set });
}

/** Replaces a page's structured part (landing, contact, footer, FAQ, why-us); list order is the order given. */
export async function saveStructured(options: {
  db: Db;
  now: Date;
  part: StructuredContent;
  input: { version: number } & Record<string, unknown>;
}) {
  const { db, now, part, input } = options;
  const { version, ...fields } = input;
  const key = STRUCTURED_CONTENT[part];
  const current = await getPage(db, key);
  // Parts that share a page with other structured data (none today) would keep it: merge, not replace.
  return saveIfUnchanged(db, { key, version, now, set: { data: { ...current.data, ...fields } } });
}

// Waiver versions.

/** Enrollments signed under each version: what a new text leaves pointing at the old one. */
const signatures = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.waiverVersion} = ${waiverVersions.version})`;

const summaryColumns = {
  version: waiverVersions.version,
  title: waiverVersions.title,
  publishedAt: waiverVersions.publishedAt,
  publishedBy: sql<string | null>`nullif(trim(concat(${users.firstName}, ' ', ${users.lastName})), '')`,
  signatures,
};

async function currentWaiver(db: Db) {
  const page = await getPage(db, WAIVER_PAGE_KEY);
  return page.version;
}

const toSummary = <R extends { publishedAt: Date; version: number }>(r: R, current: number) => ({
  ...r,
  publishedAt: r.publishedAt.toISOString(),
  current: r.version === current,
});

export async function listWaiverVersions(
  db: Db,
  query: { page: number; pageSize: number; sort?: string },
): Promise<AdminPage<WaiverVersionSummary>> {
  const { limit, offset } = pageWindow(query);
  const [rows, [total], current] = await Promise.all([
    db
      .select(summaryColumns)
      .from(waiverVersions)
      .leftJoin(users, eq(users.id, waiverVersions.publishedBy))
      .orderBy(
        ...orderFrom(
          query.sort,
          { version: waiverVersions.version, publishedAt: waiverVersions.publishedAt },
          desc(waiverVersions.version),
        ),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(waiverVersions),
    currentWaiver(db),
  ]);
  return {
    items: rows.map((r) => toSummary(r, current)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getWaiverVersion(db: Db, version: number): Promise<WaiverVersion> {
  const [[row], current] = await Promise.all([
    db
      .select({ ...summaryColumns, body: waiverVersions.body })
      .from(waiverVersions)
      .leftJoin(users, eq(users.id, waiverVersions.publishedBy))
      .where(eq(waiverVersions.version, version)),
    currentWaiver(db),
  ]);
  if (!row) throw new AppError('NOT_FOUND', `There is no waiver version ${version}`);
  return toSummary(row, current);
}

/**
 * Publishes a new waiver text: the page's version goes up by one and the text is kept under it.
 * From then on the enrollment check (enrollment-rules.ts) asks guardians to sign the new version;
 * existing signatures keep theirs, whose text stays in waiver_versions.
 */
export async function publishWaiver(options: { db: Db; now: Date; userId: string; input: WaiverPublish }) {
  const { db, now, userId, input } = options;
  const version = await db.transaction(async (tx) => {
    const [page] = await tx
      .update(contentPages)
      .set({ body: input.body, version: sql`${contentPages.version} + 1`, updatedAt: now })
      .where(and(eq(contentPages.key, WAIVER_PAGE_KEY), eq(contentPages.version, input.basedOn)))
      .returning();
    if (!page) return null;
    await tx
      .insert(waiverVersions)
      .values({ version: page.version, title: page.title, body: page.body, publishedAt: now, publishedBy: userId });
    return page.version;
  });
  if (version === null) {
    await getPage(db, WAIVER_PAGE_KEY); // 404 when there is no waiver page at all
    throw new AppError('CONFLICT', CONTENT_MESSAGES.waiverConflict);
  }
  return getWaiverVersion(db, version);
}
