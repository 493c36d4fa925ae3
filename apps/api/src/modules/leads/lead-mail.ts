import type { Db } from '@kikstart/db';
import { queueMail } from '../mail/mail.service.ts';

/** Subjects carry visitor text; keep them to one line so no header tricks reach the mailer. */
export const oneLine = (s: string, max = 80) => {
  const flat = s
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** "Label: value" lines for a staff summary; empty values are left out. */
export const summary = (fields: Record<string, string | null | undefined>) =>
  Object.entries(fields)
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => `${k}: ${v}`);

/** Greets the visitor by the first word of their name, capped, in acknowledgement mails. */
export const greeting = (name: string) => `Hi ${oneLine(name.split(/\s+/)[0] ?? name, 40)},`;

/** What staff are told about a new lead: a one-line subject, what happened, and its fields. */
export interface StaffNotice {
  template: string;
  subject: string;
  intro: string;
  fields: Record<string, string | null | undefined>;
}

/**
 * The visitor's acknowledgement: a greeting by first name, then fixed text. It repeats no free
 * text of the visitor, so a form cannot send someone else a message of the sender's choosing.
 */
export interface Acknowledgement {
  to: string;
  template: string;
  subject: string;
  name: string;
  paragraphs: string[];
}

/** Queues the staff notice and, when there is one, the acknowledgement, in the caller's transaction. */
export async function queueLeadMails(opts: { db: Db; staffEmail: string; staff: StaffNotice; ack?: Acknowledgement }) {
  const { db, staff, ack } = opts;
  await queueMail({
    db,
    to: opts.staffEmail,
    template: staff.template,
    content: { subject: staff.subject, paragraphs: [staff.intro, ...summary(staff.fields)] },
  });
  if (ack)
    await queueMail({
      db,
      to: ack.to,
      template: ack.template,
      content: { subject: ack.subject, paragraphs: [greeting(ack.name), ...ack.paragraphs] },
    });
}

/** A form's columns: every checked field but the honeypot, which is never stored. */
export function leadColumns<T extends { website?: unknown }>(input: T): Omit<T, 'website'> {
  const { website: _honeypot, ...columns } = input;
  return columns;
}
