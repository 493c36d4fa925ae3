import { sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';

/**
 * The chat's NOTIFY channel. A write that members should see at once notifies inside its own
 * transaction, so PostgreSQL delivers it on commit (never for a rollback) to every API process
 * listening; each process then loads the rows and sends them to its own sockets (plugins/realtime.ts).
 */
export const CHAT_CHANNEL = 'chat_events';

/** A NOTIFY payload is at most 8000 bytes: ids go in chunks well under that. */
const IDS_PER_NOTIFY = 400;

export type ChatNotice = { messages: number[] } | { read: { conversationId: string; userId: string } };

export async function notifyMessages(db: Db, ids: number[]) {
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
    await notify(db, { messages: ids.slice(i, i + IDS_PER_NOTIFY) });
  }
}

export const notifyRead = (db: Db, conversationId: string, userId: string) =>
  notify(db, { read: { conversationId, userId } });

async function notify(db: Db, notice: ChatNotice) {
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** A payload from the channel, or null when it is not one of ours. */
export function parseNotice(payload: string | undefined): ChatNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as ChatNotice;
    if ('messages' in value && Array.isArray(value.messages)) return value;
    if ('read' in value && typeof value.read?.conversationId === 'string') return value;
  } catch {
    // Not JSON: ignored.
  }
  return null;
}
