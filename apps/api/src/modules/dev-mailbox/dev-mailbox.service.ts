import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { mailOutbox } from '@kikstart/db';
import type { DevMail } from '@kikstart/contract/auth';
import type { Paged } from '@kikstart/contract/common';
import { AppError } from '../../lib/errors.ts';

const toDevMail = (r: typeof mailOutbox.$inferSelect): DevMail => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  text: r.text,
  html: r.html,
  links: r.links ?? [],
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** Every outbox row, newest first: in development the row is the mail. */
export async function listMailbox({
  db,
  page,
  limit,
}: {
  db: Db;
  page: number;
  limit: number;
}): Promise<Paged<DevMail>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { items: rows.map(toDevMail), page, limit, total: total?.n ?? 0 };
}

export async function getMail({ db, id }: { db: Db; id: string }): Promise<DevMail> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Not found');
  return toDevMail(row);
}
