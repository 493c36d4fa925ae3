import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { families, users } from './users.ts';
import { programs } from './catalog.ts';

/**
 * A family's conversation with one coach (coachId set) or with the office (coachId null: every
 * admin answers). Members: the family's guardians, and the coach or the admins.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    coachId: uuid('coach_id').references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_coach_unique')
      .on(t.familyId, t.coachId)
      .where(sql`${t.coachId} is not null`),
    uniqueIndex('chat_conversations_office_unique')
      .on(t.familyId)
      .where(sql`${t.coachId} is null`),
    index('chat_conversations_coach_idx').on(t.coachId),
  ],
);

/** Which side wrote a message: unread means "from the other side". */
export const CHAT_SIDES = ['family', 'staff'] as const;

export const chatMessages = pgTable(
  'chat_messages',
  {
    /** Ordered, so history pages and reconnect catch-up use it as the cursor. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as sent, so a thread still reads right after the sender's account is deleted. */
    senderName: text('sender_name').notNull(),
    senderSide: text('sender_side', { enum: CHAT_SIDES }).notNull(),
    body: text('body').notNull(),
    /** A coach's program-wide message copied into this family's conversation. */
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    /** Private file `chat/<32 hex>.<ext>` (never under /uploads). */
    attachmentPath: text('attachment_path'),
    attachmentName: text('attachment_name'),
    attachmentMime: text('attachment_mime'),
    attachmentBytes: integer('attachment_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('chat_messages_side_check', sql`${t.senderSide} in ('family', 'staff')`),
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    index('chat_messages_attachment_idx')
      .on(t.attachmentPath)
      .where(sql`${t.attachmentPath} is not null`),
  ],
);

/** How far each member has read, and whether the unread mail went out since. */
export const chatReads = pgTable(
  'chat_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    /** Set when the 15-minute unread mail is sent; cleared when the member reads. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'chat_reads_pk', columns: [t.conversationId, t.userId] }),
    index('chat_reads_user_idx').on(t.userId),
  ],
);
