import { sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { mailOutbox, users } from '@kikstart/db';
import { renderMail, type MailContent } from './mail-layout.ts';
import { MAIL_QUEUED_CHANNEL, notifyMailQueued } from './mail.worker.ts';

export interface QueueMailOptions {
  db: Db;
  to: string;
  /** A short name for what kind of mail this is (verify-email, demo-request-staff, …). */
  template: string;
  content: MailContent;
}

/**
 * Queues a mail in the outbox. Call it inside the same transaction as the write it reports,
 * so the mail exists exactly when the write does; the mail worker is woken when it commits.
 */
export async function queueMail({ db, to, template, content }: QueueMailOptions) {
  const rendered = renderMail(content);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to,
      template,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: rendered.links,
    })
    .returning({ id: mailOutbox.id });
  await notifyMailQueued(db);
  return row!.id;
}

/** One mail (one content) for several addresses. */
export interface MailToMany {
  to: string[];
  template: string;
  content: MailContent;
}

/**
 * One mail to several addresses (a family's guardians) in one statement that also wakes the
 * workers: the same rows and NOTIFY as queueMail per address, without a round trip each. It
 * runs inside the enrollment's program lock, where every round trip makes the queue wait.
 */
export async function queueMails({ db, ...mail }: Omit<QueueMailOptions, 'to'> & MailToMany) {
  await queueMailBatch(db, [mail]);
}

/** Several mails, each to its own addresses, in one statement (a batch of enrollments' mails). */
export async function queueMailBatch(db: Db, mails: MailToMany[]) {
  const rows = mails.flatMap(({ to, template, content }) => {
    const rendered = renderMail(content);
    return to.map((address) => ({
      to: address,
      template,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: rendered.links,
    }));
  });
  if (!rows.length) return;
  const insert = db.insert(mailOutbox).values(rows).returning({ id: mailOutbox.id });
  // Drizzle writes the nested insert in parentheses, as a CTE wants it.
  await db.execute(
    sql`with queued as ${insert} select pg_notify(${MAIL_QUEUED_CHANNEL}, '') from (select count(*) from queued) q`,
  );
}

/**
 * One mail to every guardian of a family (the parents on its account), in one statement: the
 * addresses are read by the insert itself, so the caller's transaction (often under a program
 * lock) pays one round trip, not a read and then a write. Wakes the workers like queueMail.
 */
export async function queueFamilyMail(db: Db, opts: { familyId: string; template: string; content: MailContent }) {
  const rendered = renderMail(opts.content);
  await db.execute(
    sql`with queued as (
      insert into ${mailOutbox} ("to", "template", "subject", "text", "html", "links")
      select ${users.email}, ${opts.template}, ${rendered.subject}, ${rendered.text}, ${rendered.html},
        ${JSON.stringify(rendered.links)}::jsonb
      from ${users} where ${users.familyId} = ${opts.familyId}
      returning 1
    ) select pg_notify(${MAIL_QUEUED_CHANNEL}, '') from (select count(*) from queued) q`,
  );
}
