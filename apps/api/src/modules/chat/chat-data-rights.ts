import { sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { OFFICE_NAME } from '@kikstart/contract/chat';
import { rowsOf } from './chat-access.ts';

/**
 * A family's conversations in its data download: with whom, and every message with its sender,
 * time and attachment (name, type, size; the file itself is downloaded from the thread).
 */
export async function exportFamilyConversations(db: Db, familyId: string) {
  const conversations = rowsOf<{ id: string; with: string; createdAt: Date | string }>(
    await db.execute(sql`
      select c.id, coalesce((select trim(u.first_name || ' ' || u.last_name) from users u where u.id = c.coach_id), ${OFFICE_NAME}) as with,
        c.created_at as "createdAt"
      from chat_conversations c where c.family_id = ${familyId} order by c.created_at`),
  );
  const messages = rowsOf<{
    conversationId: string;
    id: number;
    from: string;
    side: string;
    body: string;
    attachmentName: string | null;
    attachmentMime: string | null;
    attachmentBytes: number | null;
    sentAt: Date | string;
  }>(
    await db.execute(sql`
      select m.conversation_id as "conversationId", m.id::float8 as id, m.sender_name as from, m.sender_side as side,
        m.body, m.attachment_name as "attachmentName", m.attachment_mime as "attachmentMime",
        m.attachment_bytes as "attachmentBytes", m.created_at as "sentAt"
      from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where c.family_id = ${familyId} order by m.id`),
  );
  return conversations.map((c) => ({
    with: c.with,
    startedAt: new Date(c.createdAt).toISOString(),
    messages: messages
      .filter((m) => m.conversationId === c.id)
      .map((m) => ({
        id: Number(m.id),
        from: m.from,
        side: m.side,
        body: m.body,
        attachment: m.attachmentName
          ? { name: m.attachmentName, type: m.attachmentMime, bytes: m.attachmentBytes }
          : null,
        sentAt: new Date(m.sentAt).toISOString(),
      })),
  }));
}

/** The attachment files of a family's conversations: deleted from disk after the family's rows are. */
export async function familyChatFilePaths(db: Db, familyId: string): Promise<string[]> {
  return rowsOf<{ path: string }>(
    await db.execute(sql`
      select m.attachment_path as path from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where c.family_id = ${familyId} and m.attachment_path is not null`),
  ).map((r) => r.path);
}
