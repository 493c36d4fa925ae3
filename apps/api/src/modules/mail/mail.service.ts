import type { Db } from '@kikstart/db';
import { mailOutbox } from '@kikstart/db';
import { renderMail, type MailContent } from './mail-layout.ts';
import { notifyMailQueued } from './mail.worker.ts';

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
