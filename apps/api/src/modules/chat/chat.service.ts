import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import {
  CHAT_CATCH_UP_MAX,
  CHAT_MESSAGES,
  OFFICE_NAME,
  type ChatHistory,
  type ChatList,
  type ChatMessage,
  type Conversation,
} from '@kikstart/contract/chat';
import { AppError } from '../../lib/errors.ts';
import { VIEWER_LINK_BUCKET_MS, signedFileUrl } from '../../lib/signed-urls.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import {
  ensureConversations,
  linkedByLiveEnrollment,
  liveList,
  memberConversation,
  memberOf,
  rowsOf,
  sideIn,
  type ChatSide,
} from './chat-access.ts';
import { notifyMessages, notifyRead } from './chat-events.ts';

/** What every chat service needs: the database, the caller, the time, the link signer. */
export interface ChatContext {
  db: Db;
  user: AuthUser;
  now: Date;
  /** Signs attachment links (app.files.secret). */
  fileSecret: string;
}

/** A stored message with what a membership check needs. */
export interface MessageRow {
  id: number;
  conversationId: string;
  familyId: string;
  coachId: string | null;
  senderId: string | null;
  senderName: string;
  senderSide: ChatSide;
  body: string;
  programTitle: string | null;
  attachmentPath: string | null;
  attachmentName: string | null;
  attachmentMime: string | null;
  attachmentBytes: number | null;
  createdAt: Date | string;
}

const messageColumns = sql`m.id::float8 as id, m.conversation_id as "conversationId", c.family_id as "familyId",
  c.coach_id as "coachId", m.sender_id as "senderId", m.sender_name as "senderName", m.sender_side as "senderSide",
  m.body, p.title as "programTitle", m.attachment_path as "attachmentPath", m.attachment_name as "attachmentName",
  m.attachment_mime as "attachmentMime", m.attachment_bytes as "attachmentBytes", m.created_at as "createdAt"`;

/** Messages matching `where` (over `m` and `c`), in `order`. */
export async function messageRows(db: Db, where: SQL, order: SQL, limit: number): Promise<MessageRow[]> {
  return rowsOf<MessageRow>(
    await db.execute(sql`
      select ${messageColumns}
      from chat_messages m
      join chat_conversations c on c.id = m.conversation_id
      left join programs p on p.id = m.program_id
      where ${where} order by ${order} limit ${limit}`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
}

/** The route that serves an attachment; the link carries its own permission for one reader (decision 0035). */
export const CHAT_FILES_ROUTE = '/api/chat/file';

/** What an attachment link's signature covers: the file and the reader it was made for. */
export const attachmentLinkSubject = (path: string, readerId: string) => `${path}/viewer/${readerId}`;

export function attachmentUrl(secret: string, path: string, readerId: string, now: Date) {
  const signed = signedFileUrl(secret, attachmentLinkSubject(path, readerId), now, VIEWER_LINK_BUCKET_MS);
  return `${CHAT_FILES_ROUTE}/${path.slice(path.indexOf('/') + 1)}?v=${readerId}&${signed.slice(signed.indexOf('?') + 1)}`;
}

/** A message as one reader sees it (their own or not; a link to the attachment signed for them). */
export function messageView(row: MessageRow, reader: Pick<AuthUser, 'id'>, fileSecret: string, now: Date): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderName: row.senderName,
    mine: row.senderId === reader.id,
    side: row.senderSide,
    body: row.body,
    programTitle: row.programTitle,
    attachment: row.attachmentPath
      ? {
          name: row.attachmentName ?? 'file',
          mime: row.attachmentMime ?? 'application/octet-stream',
          bytes: row.attachmentBytes ?? 0,
          isImage: row.attachmentMime === 'image/jpeg' || row.attachmentMime === 'image/png',
          url: attachmentUrl(fileSecret, row.attachmentPath, reader.id, now),
        }
      : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** SQL: messages of conversation `c` that `user` has not read (from the other side, after their mark). */
const unreadOf = (user: AuthUser) => sql`(
  select count(*)::int from chat_messages u
  where u.conversation_id = c.id
    and u.id > coalesce((select r.last_read_id from chat_reads r where r.conversation_id = c.id and r.user_id = ${user.id}), 0)
    and u.sender_side <> (case when c.family_id = ${user.familyId}::uuid then 'family' else 'staff' end))`;

const fullName = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);

interface ConversationRow {
  id: string;
  familyId: string;
  coachId: string | null;
  coachName: string | null;
  guardians: string | null;
  childrenNames: string | null;
  programTitles: string | null;
  canSend: boolean;
  unread: number;
  lastId: number | null;
  lastBody: string | null;
  lastAttachment: string | null;
  lastSenderName: string | null;
  lastSenderId: string | null;
  lastAt: Date | string | null;
}

async function conversationRows(db: Db, user: AuthUser, where: SQL): Promise<ConversationRow[]> {
  return rowsOf<ConversationRow>(
    await db.execute(sql`
      select c.id, c.family_id as "familyId", c.coach_id as "coachId",
        (select ${fullName('cu')} from users cu where cu.id = c.coach_id) as "coachName",
        (select string_agg(${fullName('g')}, ' & ' order by g.created_at) from users g where g.family_id = c.family_id) as guardians,
        (select string_agg(ch.first_name, ', ' order by ch.date_of_birth) from children ch where ch.family_id = c.family_id) as "childrenNames",
        (select string_agg(distinct p.title, ', ') from enrollments e join children ch on ch.id = e.child_id
          join programs p on p.id = e.program_id
          where ch.family_id = c.family_id and p.coach_id = c.coach_id) as "programTitles",
        (c.coach_id is null or ${linkedByLiveEnrollment(sql`c.family_id`, sql`c.coach_id`)}) as "canSend",
        ${unreadOf(user)} as unread,
        lm.id::float8 as "lastId", lm.body as "lastBody", lm.attachment_name as "lastAttachment",
        lm.sender_name as "lastSenderName", lm.sender_id as "lastSenderId", lm.created_at as "lastAt"
      from chat_conversations c
      left join chat_messages lm on lm.id = c.last_message_id
      where ${memberOf(user)} and ${where}
      order by c.last_message_at desc nulls last, c.created_at`),
  );
}

const PREVIEW_CHARS = 120;

function conversationView(row: ConversationRow, user: AuthUser): Conversation {
  const side = sideIn(user, row)!;
  const kind = row.coachId ? 'coach' : 'office';
  const title =
    side === 'family' ? (row.coachId ? (row.coachName ?? 'Coach') : OFFICE_NAME) : (row.guardians ?? 'A family');
  const subtitle =
    side === 'family'
      ? row.coachId
        ? (row.programTitles ?? '')
        : 'Enrollment, payments and anything else'
      : row.childrenNames
        ? `Parents of ${row.childrenNames}`
        : '';
  return {
    id: row.id,
    kind,
    title,
    subtitle,
    canSend: row.canSend,
    unread: Number(row.unread),
    lastMessage:
      row.lastId === null
        ? null
        : {
            id: Number(row.lastId),
            preview: (row.lastBody || (row.lastAttachment ? `Attachment: ${row.lastAttachment}` : '')).slice(
              0,
              PREVIEW_CHARS,
            ),
            senderName: row.lastSenderName ?? '',
            mine: row.lastSenderId === user.id,
            createdAt: new Date(row.lastAt!).toISOString(),
          },
  };
}

/**
 * The reader's conversations, most recent first: a family's office and coaches, a coach's
 * families, the office's conversations that have messages (an admin does not need every family).
 */
export async function listConversations(opts: Omit<ChatContext, 'fileSecret' | 'now'>): Promise<ChatList> {
  await ensureConversations(opts.db, opts.user);
  const adminOnlyWithMessages = sql`(c.coach_id is not null or c.family_id = ${opts.user.familyId}::uuid or c.last_message_id is not null)`;
  const rows = await conversationRows(opts.db, opts.user, adminOnlyWithMessages);
  const conversations = rows.map((r) => conversationView(r, opts.user));
  return { conversations, unreadTotal: conversations.reduce((sum, c) => sum + c.unread, 0) };
}

/** The header's number alone (after a read, on socket connect). */
export async function unreadTotal(db: Db, user: AuthUser): Promise<number> {
  const [row] = rowsOf<{ total: number | null }>(
    await db.execute(
      sql`select sum(${unreadOf(user)})::int as total from chat_conversations c where ${memberOf(user)}`,
    ),
  );
  return Number(row?.total ?? 0);
}

/** One page of a conversation, newest first, older pages by `before`. */
export async function history(
  opts: ChatContext & { conversationId: string; before?: number; limit: number },
): Promise<ChatHistory> {
  await memberConversation(opts.db, opts.user, opts.conversationId);
  const [conversation] = await conversationRows(opts.db, opts.user, sql`c.id = ${opts.conversationId}`);
  const rows = await messageRows(
    opts.db,
    sql`m.conversation_id = ${opts.conversationId} and m.id < ${opts.before ?? Number.MAX_SAFE_INTEGER}`,
    sql`m.id desc`,
    opts.limit + 1,
  );
  const page = rows.slice(0, opts.limit);
  return {
    conversation: conversationView(conversation!, opts.user),
    messages: page.map((r) => messageView(r, opts.user, opts.fileSecret, opts.now)),
    nextCursor: rows.length > opts.limit ? page[page.length - 1]!.id : null,
  };
}

/** What a reconnecting client missed: messages of all its conversations after `after`, oldest first. */
export async function messagesSince(opts: ChatContext & { after: number }) {
  const rows = await messageRows(
    opts.db,
    sql`m.id > ${opts.after} and ${memberOf(opts.user)}`,
    sql`m.id`,
    CHAT_CATCH_UP_MAX + 1,
  );
  return {
    messages: rows.slice(0, CHAT_CATCH_UP_MAX).map((r) => messageView(r, opts.user, opts.fileSecret, opts.now)),
    more: rows.length > CHAT_CATCH_UP_MAX,
  };
}

async function senderName(db: Db, userId: string) {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select ${fullName('u')} as name from users u where u.id = ${userId}`),
  );
  return row?.name || 'KikStart';
}

export interface NewAttachment {
  path: string;
  name: string;
  mime: string;
  bytes: number;
}

/**
 * Sends a message (text, an attachment, or both) into a conversation the sender is a member of;
 * a coach conversation takes new messages only while the family and the coach are linked by a
 * live enrollment. The sender's own read mark moves past it. Members' sockets get it on commit.
 */
export async function sendMessage(
  opts: ChatContext & { conversationId: string; body: string; attachment?: NewAttachment },
): Promise<ChatMessage> {
  const conversation = await memberConversation(opts.db, opts.user, opts.conversationId);
  if (!conversation.canSend) throw new AppError('FORBIDDEN', CHAT_MESSAGES.closed);
  const name = await senderName(opts.db, opts.user.id);
  const id = await opts.db.transaction(async (tx) => {
    const [inserted] = await insertMessages(tx as unknown as Db, {
      conversationIds: [conversation.id],
      senderId: opts.user.id,
      senderName: name,
      side: conversation.side,
      body: opts.body,
      programId: null,
      attachment: opts.attachment,
      now: opts.now,
    });
    const id = inserted!.id;
    await markReadIn(tx as unknown as Db, conversation.id, opts.user.id, id);
    await notifyMessages(tx as unknown as Db, [id]);
    return id;
  });
  const [row] = await messageRows(opts.db, sql`m.id = ${id}`, sql`m.id`, 1);
  return messageView(row!, opts.user, opts.fileSecret, opts.now);
}

/** Inserts one message per conversation and moves each conversation's last message. */
async function insertMessages(
  db: Db,
  m: {
    conversationIds: string[];
    senderId: string;
    senderName: string;
    side: ChatSide;
    body: string;
    programId: string | null;
    attachment?: NewAttachment;
    now: Date;
  },
): Promise<{ id: number; conversationId: string }[]> {
  const a = m.attachment;
  // Message ids must commit in id order: a reconnecting client asks for everything after the
  // newest id it saw, so an id committed after a higher one would be skipped. One lock held from
  // the insert to the commit (a few milliseconds) makes every chat write take its turn.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('kikstart.chat_messages'))`);
  const ids = sql.join(
    m.conversationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; conversationId: string }>(
    await db.execute(sql`
      insert into chat_messages (conversation_id, sender_id, sender_name, sender_side, body, program_id,
        attachment_path, attachment_name, attachment_mime, attachment_bytes, created_at)
      select cid, ${m.senderId}::uuid, ${m.senderName}, ${m.side}, ${m.body}, ${m.programId}::uuid,
        ${a?.path ?? null}, ${a?.name ?? null}, ${a?.mime ?? null}, ${a?.bytes ?? null}::int, ${m.now.toISOString()}::timestamptz
      from unnest(array[${ids}]) as cid
      returning id::float8 as id, conversation_id as "conversationId"`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
  await db.execute(sql`
    update chat_conversations c set last_message_id = x.id, last_message_at = ${m.now.toISOString()}::timestamptz
    from (select conversation_id, max(id) as id from chat_messages where id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )}) group by conversation_id) x
    where c.id = x.conversation_id`);
  return rows;
}

/**
 * A coach's message to a whole program: copied into the conversation of each family with a live
 * enrollment in it (made when missing), so families never see each other or each other's replies.
 */
export async function sendBroadcast(opts: ChatContext & { programId: string; body: string }) {
  const [program] = rowsOf<{ coachId: string | null }>(
    await opts.db.execute(sql`select coach_id as "coachId" from programs where id = ${opts.programId}`),
  );
  // Someone else's program answers like a missing one.
  if (!program || program.coachId !== opts.user.id) throw new AppError('NOT_FOUND', CHAT_MESSAGES.programNotFound);
  await ensureConversations(opts.db, opts.user);
  const name = await senderName(opts.db, opts.user.id);
  return opts.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const conversations = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select distinct c.id from chat_conversations c
        join children ch on ch.family_id = c.family_id
        join enrollments e on e.child_id = ch.id
        where c.coach_id = ${opts.user.id} and e.program_id = ${opts.programId}
          and ${linkedByLiveEnrollment(sql`c.family_id`, sql`c.coach_id`)}
          and e.status in (${liveList})`),
    );
    if (!conversations.length) throw new AppError('CONFLICT', CHAT_MESSAGES.noFamilies);
    const rows = await insertMessages(tx, {
      conversationIds: conversations.map((c) => c.id),
      senderId: opts.user.id,
      senderName: name,
      side: 'staff',
      body: opts.body,
      programId: opts.programId,
      now: opts.now,
    });
    for (const r of rows) await markReadIn(tx, r.conversationId, opts.user.id, r.id);
    await notifyMessages(
      tx,
      rows.map((r) => r.id),
    );
    return { families: rows.length, messageIds: rows.map((r) => r.id) };
  });
}

async function markReadIn(db: Db, conversationId: string, userId: string, upTo: number) {
  await db.execute(sql`
    insert into chat_reads (conversation_id, user_id, last_read_id, mailed_at)
    values (${conversationId}, ${userId}, ${upTo}, null)
    on conflict (conversation_id, user_id) do update
      set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id), mailed_at = null`);
}

/** Marks a conversation read up to a message (never backwards); the reader's other tabs hear of it. */
export async function markRead(opts: Omit<ChatContext, 'fileSecret'> & { conversationId: string; upTo: number }) {
  const conversation = await memberConversation(opts.db, opts.user, opts.conversationId);
  await opts.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Never past the newest message, so a made-up id cannot mark future messages read.
    const [last] = rowsOf<{ id: number | null }>(
      await tx.execute(sql`select max(id)::float8 as id from chat_messages where conversation_id = ${conversation.id}`),
    );
    await markReadIn(tx, conversation.id, opts.user.id, Math.min(opts.upTo, Number(last?.id ?? 0)));
    await notifyRead(tx, conversation.id, opts.user.id);
  });
  return { unreadTotal: await unreadTotal(opts.db, opts.user) };
}
