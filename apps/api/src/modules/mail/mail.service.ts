import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
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
 * Several mails, each to its own addresses, in one statement (a batch of enrollments' mails).
 * The rows go as one JSON parameter, so the statement's text is the same for one mail or a
 * hundred (named, planned once); a hundred mails as a multi-row insert took half as long again
 * on PGlite. The outbox's sequence follows the array's order.
 */
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
  await mailRows(db, { rows: JSON.stringify(rows) });
}

const mailRows = fixedQuery((_db, p: Placeholders<{ rows: string }>) =>
  queuedThenNotify(sql`(
    insert into ${mailOutbox} ("to", "template", "subject", "text", "html", "links")
    select m."to", m.template, m.subject, m.text, m.html, m.links
    from jsonb_to_recordset(${p.rows}::jsonb)
      as m("to" text, template text, subject text, text text, html text, links jsonb)
    returning 1
  )`),
);

/** One statement: the outbox insert (in parentheses, returning a row per mail), then the workers' wake-up. */
const queuedThenNotify = (insert: SQL) =>
  sql`with queued as ${insert} select pg_notify(${MAIL_QUEUED_CHANNEL}, '') from (select count(*) from queued) q`;

/** A mail to a family's guardians as the values of `guardiansMailInsert`. */
export type GuardiansMailValues = {
  familyId: string;
  template: string;
  subject: string;
  text: string;
  html: string;
  /** The links, as JSON. */
  links: string;
};

/** Renders a mail for `guardiansMailInsert`. */
export function guardiansMailValues(familyId: string, template: string, content: MailContent): GuardiansMailValues {
  const rendered = renderMail(content);
  return {
    familyId,
    template,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    links: JSON.stringify(rendered.links),
  };
}

/**
 * One mail to every guardian of a family (the parents on its account), in the caller's
 * transaction and in one statement: the addresses are read by the insert itself, so a caller
 * under a program lock pays one round trip, not a read and then a write.
 */
export async function mailGuardians(db: Db, familyId: string, template: string, content: MailContent) {
  await guardiansMail(db, guardiansMailValues(familyId, template, content));
}

/**
 * The outbox insert of a mail to a family's guardians, in parentheses (a CTE), returning a row
 * per mail; for a fixed query's placeholders (`mailGuardians`). The held seats' payment queues
 * its receipts the same way, inside the statement that confirms the seats (held-seats-payment.ts).
 */
const guardiansMailInsert = (p: Placeholders<GuardiansMailValues>) => sql`(
  insert into ${mailOutbox} ("to", "template", "subject", "text", "html", "links")
  select ${users.email}, ${p.template}, ${p.subject}, ${p.text}, ${p.html}, ${p.links}::jsonb
  from ${users} where ${users.familyId} = ${p.familyId}
  returning 1
)`;

/** Every payment sends one (fixed-query.ts: built once). */
const guardiansMail = fixedQuery((_db, p: Placeholders<GuardiansMailValues>) =>
  queuedThenNotify(guardiansMailInsert(p)),
);
