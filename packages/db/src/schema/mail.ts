import { pgTable, uuid, text, timestamp, integer, bigint, pgEnum, index, jsonb } from 'drizzle-orm/pg-core';

export const mailStatusEnum = pgEnum('mail_status', ['queued', 'sending', 'sent', 'failed']);

/**
 * Every mail is written here first and sent by the worker, so a failing SMTP server loses
 * nothing. Without SMTP (the embedded default) a sent row is the dev mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Queue order: clocks tie (mails of one transaction share now()), a sequence does not. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Links the mail contains, kept so the dev mailbox and tests can follow them. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    template: text('template').notNull(),
    status: mailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_created_idx').on(t.createdAt)],
);
