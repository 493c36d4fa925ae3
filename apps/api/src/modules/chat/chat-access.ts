import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { LIVE_STATUSES } from '@kikstart/contract/enrollment-status';
import { CHAT_MESSAGES } from '@kikstart/contract/chat';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/sessions.service.ts';

/**
 * Who may talk, written once: a family (every guardian) with the office (every admin) and with the
 * coach of any program a child of theirs has a live enrollment in. Every chat route, the download
 * route and the socket fan-out ask these functions; never an id from the client alone.
 */

export type ChatSide = 'family' | 'staff';

/** The columns a membership check needs. */
export interface ConversationRef {
  id: string;
  familyId: string;
  coachId: string | null;
}

export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

const isAdmin = (user: Pick<AuthUser, 'roles'>) => user.roles.includes('admin');

/** The reader's side of a conversation, or null when they are not a member. */
export function sideIn(
  user: Pick<AuthUser, 'id' | 'roles' | 'familyId'>,
  c: Pick<ConversationRef, 'familyId' | 'coachId'>,
): ChatSide | null {
  if (user.familyId && c.familyId === user.familyId) return 'family';
  if (c.coachId ? c.coachId === user.id : isAdmin(user)) return 'staff';
  return null;
}

/** SQL over `chat_conversations c`: the conversations `user` is a member of. */
export function memberOf(user: AuthUser): SQL {
  const parts: SQL[] = [];
  if (user.familyId) parts.push(sql`c.family_id = ${user.familyId}`);
  parts.push(sql`c.coach_id = ${user.id}`);
  if (isAdmin(user)) parts.push(sql`c.coach_id is null`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** SQL: the live enrollment statuses, for `e.status in (…)`. */
export const liveList = sql.raw(LIVE_STATUSES.map((s) => `'${s}'`).join(', '));

/** SQL: the family and the coach are linked by a live enrollment (a coach conversation may be written in). */
export const linkedByLiveEnrollment = (familyId: SQL | string, coachId: SQL | string) => sql`exists (
  select 1 from enrollments e
  join children ch on ch.id = e.child_id
  join programs p on p.id = e.program_id
  where ch.family_id = ${familyId} and p.coach_id = ${coachId} and e.status in (${liveList}))`;

/** The conversation, when `user` is a member; another's answers like a missing one (404). */
export async function memberConversation(db: Db, user: AuthUser, conversationId: string) {
  const [c] = rowsOf<ConversationRef & { canSend: boolean }>(
    await db.execute(sql`
      select c.id, c.family_id as "familyId", c.coach_id as "coachId",
        (c.coach_id is null or ${linkedByLiveEnrollment(sql`c.family_id`, sql`c.coach_id`)}) as "canSend"
      from chat_conversations c where c.id = ${conversationId}`),
  );
  const side = c ? sideIn(user, c) : null;
  if (!c || !side) throw new AppError('NOT_FOUND', CHAT_MESSAGES.conversationNotFound);
  return { ...c, side };
}

/**
 * Makes sure the conversations a user may have exist (idempotent): a family's with the office and
 * with each coach of their children's live enrollments; a coach's with each such family. Rows only,
 * no messages, so a list always shows whom one can write to.
 */
export async function ensureConversations(db: Db, user: AuthUser) {
  if (user.familyId) {
    await db.execute(sql`
      insert into chat_conversations (family_id, coach_id)
      select ${user.familyId}::uuid, null::uuid
      union
      select distinct ch.family_id, p.coach_id from enrollments e
        join children ch on ch.id = e.child_id
        join programs p on p.id = e.program_id
        where ch.family_id = ${user.familyId} and p.coach_id is not null and p.coach_id <> ${user.id}
          and e.status in (${liveList})
      on conflict do nothing`);
  }
  if (user.roles.includes('coach')) {
    await db.execute(sql`
      insert into chat_conversations (family_id, coach_id)
      select distinct ch.family_id, p.coach_id from enrollments e
        join children ch on ch.id = e.child_id
        join programs p on p.id = e.program_id
        where p.coach_id = ${user.id} and e.status in (${liveList})
          and ch.family_id is distinct from ${user.familyId}::uuid
      on conflict do nothing`);
  }
}
