import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { CHAT_UNREAD_MAIL_MINUTES, OFFICE_NAME } from '@kikstart/contract/chat';
import { mailLink } from '@kikstart/contract/mail-links';
import { stripInvisible } from '@kikstart/contract/names';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { queueMail } from '../mail/mail.service.ts';
import type { MailContent } from '../mail/mail-layout.ts';
import { rowsOf } from './chat-access.ts';

export const UNREAD_MAIL_INTERVAL_MS = 60_000;
/** Older unread messages were mailed about when they were new (or the job was down for days): not now. */
const LOOK_BACK_HOURS = 48;

interface Due {
  conversationId: string;
  userId: string;
  email: string;
  firstName: string;
  senderName: string;
  coachName: string | null;
  side: 'family' | 'staff';
}

/**
 * A member who has not read a message from the other side within 15 minutes gets one mail for that
 * conversation, then none until they read it (chat_reads.mailed_at, cleared by a read). The mail
 * names the sender and links to the thread; it never quotes the message (it may be medical).
 * The claim is an upsert that only sets mailed_at where it was empty, in the mail's transaction, so
 * two API processes running this at once send one mail.
 */
export async function mailUnreadChats(opts: { db: Db; now: Date; publicUrl: string }) {
  const dueBefore = new Date(opts.now.getTime() - CHAT_UNREAD_MAIL_MINUTES * 60_000).toISOString();
  const since = new Date(opts.now.getTime() - LOOK_BACK_HOURS * 3_600_000).toISOString();
  const due = rowsOf<Due>(
    await opts.db.execute(sql`
      with members as (
        select c.id as conversation_id, c.coach_id, u.id as user_id, 'family' as side, u.email, u.first_name
          from chat_conversations c join users u on u.family_id = c.family_id
          where u.deactivated_at is null and c.last_message_at >= ${since}::timestamptz
        union all
        select c.id, c.coach_id, u.id, 'staff', u.email, u.first_name
          from chat_conversations c join users u on u.id = c.coach_id
          where u.deactivated_at is null and c.last_message_at >= ${since}::timestamptz
        union all
        select c.id, c.coach_id, u.id, 'staff', u.email, u.first_name
          from chat_conversations c join users u on 'admin' = any(u.staff_roles)
          where c.coach_id is null and u.deactivated_at is null and c.last_message_at >= ${since}::timestamptz
      )
      select mb.conversation_id as "conversationId", mb.user_id as "userId", mb.email, mb.first_name as "firstName",
        mb.side, first_unread.sender_name as "senderName",
        (select trim(cu.first_name || ' ' || cu.last_name) from users cu where cu.id = mb.coach_id) as "coachName"
      from members mb
      left join chat_reads r on r.conversation_id = mb.conversation_id and r.user_id = mb.user_id
      join lateral (
        select m.sender_name from chat_messages m
        where m.conversation_id = mb.conversation_id and m.id > coalesce(r.last_read_id, 0)
          and m.sender_side <> mb.side and m.created_at <= ${dueBefore}::timestamptz
        order by m.id limit 1
      ) first_unread on true
      where r.mailed_at is null`),
  );
  let sent = 0;
  for (const row of due) {
    const claimed = await opts.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [won] = rowsOf<{ userId: string }>(
        await tx.execute(sql`
          insert into chat_reads (conversation_id, user_id, last_read_id, mailed_at)
          values (${row.conversationId}, ${row.userId}, 0, ${opts.now.toISOString()}::timestamptz)
          on conflict (conversation_id, user_id) do update set mailed_at = excluded.mailed_at
            where chat_reads.mailed_at is null
          returning user_id as "userId"`),
      );
      if (!won) return false;
      await queueMail({
        db: tx,
        to: row.email,
        template: 'chat-unread',
        content: unreadMail({
          firstName: row.firstName,
          senderName: row.senderName,
          // The family reads "your conversation with Coach X / the office"; staff read the sender's name alone.
          with: row.side === 'family' ? (row.coachName ?? OFFICE_NAME) : null,
          url: mailLink(opts.publicUrl, 'chat', { conversation: row.conversationId }),
        }),
      });
      return true;
    });
    if (claimed) sent++;
  }
  return { sent };
}

const NAME_MAX = 60;
const cut = (name: string) => [...stripInvisible(name)].slice(0, NAME_MAX).join('').trim();

export function unreadMail(opts: {
  firstName: string;
  senderName: string;
  with: string | null;
  url: string;
}): MailContent {
  const sender = cut(opts.senderName) || 'Someone';
  return {
    subject: `New message from ${sender} on KikStart`,
    paragraphs: [
      `Hi ${cut(opts.firstName) || 'there'},`,
      opts.with
        ? `${sender} sent you a message in your conversation with ${cut(opts.with)}.`
        : `${sender} sent you a message on KikStart.`,
      'Messages can include details about children, so we do not copy them into email. Sign in to read and reply.',
    ],
    action: { label: 'Read the message', url: opts.url },
  };
}

/** Every minute, on the injected clock: the unread-message mails that are due. */
export function startChatUnreadMail(opts: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  return startPeriodic({
    name: 'chat unread mail',
    intervalMs: opts.intervalMs ?? UNREAD_MAIL_INTERVAL_MS,
    log: opts.log,
    work: async () => {
      const r = await mailUnreadChats({ db: opts.db, now: opts.clock.now(), publicUrl: opts.publicUrl });
      if (r.sent) opts.log.info(r, 'chat unread mail');
    },
  });
}
