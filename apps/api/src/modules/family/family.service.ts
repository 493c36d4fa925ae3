import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, families, oneTimeTokens, users } from '@kikstart/db';
import { mailLink } from '@kikstart/contract/mail-links';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueMail } from '../mail/mail.service.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import {
  FAMILY_MESSAGES,
  INVITES_PER_DAY,
  INVITE_WINDOW_MS,
  type FamilyMembership,
  type Guardian,
  type GuardianList,
  type CancelledInvite,
  type PendingInvite,
} from '@kikstart/contract/family';
import { inviteMail, mailName } from './family-mail.ts';

/** An invitation to share a family is valid for a week. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/**
 * Locks the family row for the rest of the transaction. Every change to who is in a family
 * (invite, join, remove, leave, delete account) takes it first, so two guardians removing each
 * other at once cannot leave children with no guardian, and the daily invitation count is
 * exact. Seat changes come after it (family, then program, then enrollment).
 */
export async function lockFamily(tx: Db, familyId: string) {
  const [row] = await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
  return row;
}

const openInvite = (familyId: string, now: Date) =>
  and(
    eq(oneTimeTokens.purpose, 'family_invite'),
    eq(oneTimeTokens.familyId, familyId),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

/**
 * Mails a join link. At most INVITES_PER_DAY invitations in 24 hours, counted in the database
 * per family and per inviter (so leaving for a fresh family does not reset the count);
 * cancelled and replaced ones count too. A new invitation to the same address replaces the
 * open one, whose link stops working.
 */
export async function inviteGuardian(opts: {
  db: Db;
  now: Date;
  user: AuthUser;
  familyId: string;
  email: string;
  publicUrl: string;
}): Promise<PendingInvite> {
  const { db, user, familyId, email, publicUrl, now } = opts;
  if (email === user.email.toLowerCase())
    throw new AppError('CONFLICT', FAMILY_MESSAGES.inviteSelf, { email: FAMILY_MESSAGES.inviteSelf });
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.familyId, familyId)));
  if (member) throw new AppError('CONFLICT', FAMILY_MESSAGES.alreadyMember, { email: FAMILY_MESSAGES.alreadyMember });
  const [inviter] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, user.id));
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  await db.transaction(async (tx) => {
    await lockFamily(tx, familyId);
    const [{ sent } = { sent: 0 }] = await tx
      .select({ sent: sql<number>`count(*)::int` })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.purpose, 'family_invite'),
          or(eq(oneTimeTokens.familyId, familyId), eq(oneTimeTokens.userId, user.id)),
          gt(oneTimeTokens.createdAt, new Date(now.getTime() - INVITE_WINDOW_MS)),
        ),
      );
    if (sent >= INVITES_PER_DAY) throw new AppError('RATE_LIMITED', FAMILY_MESSAGES.inviteLimit);
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(openInvite(familyId, now), eq(oneTimeTokens.email, email)));
    // createdAt from the app clock: the daily count reads it.
    await tx.insert(oneTimeTokens).values({
      purpose: 'family_invite',
      userId: user.id,
      familyId,
      email,
      tokenHash: hashToken(token),
      expiresAt,
      createdAt: now,
    });
    await queueMail({
      db: tx,
      to: email,
      template: 'family-invite',
      content: inviteMail({
        inviterName: mailName(inviter),
        url: mailLink(publicUrl, 'familyJoin', { token }),
        ttlDays: INVITE_TTL_MS / 86_400_000,
      }),
    });
  });
  // Whether the address has an account is not revealed.
  return { email, expiresAt: expiresAt.toISOString() };
}

/** Revokes the open invitation to `email`; its link stops working at once. */
export async function cancelInvite(opts: {
  db: Db;
  now: Date;
  familyId: string;
  email: string;
}): Promise<CancelledInvite> {
  const cancelled = await opts.db
    .update(oneTimeTokens)
    .set({ usedAt: opts.now })
    .where(and(openInvite(opts.familyId, opts.now), eq(oneTimeTokens.email, opts.email)))
    .returning({ id: oneTimeTokens.id });
  if (!cancelled.length) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.inviteNotFound);
  return { email: opts.email };
}

/** Revokes the open invitations one guardian sent for a family (when they leave or are removed). */
export async function cancelInvitesBy(tx: Db, opts: { familyId: string; userId: string; now: Date }) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: opts.now })
    .where(and(openInvite(opts.familyId, opts.now), eq(oneTimeTokens.userId, opts.userId)));
}

/** Moves the signed-in parent into the inviting family; their old, childless family is left behind. */
export async function joinFamily(opts: {
  db: Db;
  now: Date;
  user: AuthUser;
  token: string;
}): Promise<FamilyMembership> {
  const { db, user, now } = opts;
  const live = (tokenHash: string) =>
    and(
      eq(oneTimeTokens.purpose, 'family_invite'),
      eq(oneTimeTokens.tokenHash, tokenHash),
      isNull(oneTimeTokens.usedAt),
      gt(oneTimeTokens.expiresAt, now),
    );
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(oneTimeTokens)
      .where(live(hashToken(opts.token)));
    if (!invite?.familyId) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.inviteInvalid);
    if ((invite.email ?? '').toLowerCase() !== user.email.toLowerCase())
      throw new AppError('FORBIDDEN', FAMILY_MESSAGES.inviteOtherEmail);
    // The family first (the membership lock order), then the invitation is spent only if still open.
    const family = await lockFamily(tx, invite.familyId);
    if (!family) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.inviteInvalid);
    if (user.familyId === family.id) throw new AppError('CONFLICT', FAMILY_MESSAGES.alreadyInFamily);
    if (user.familyId) {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(children)
        .where(eq(children.familyId, user.familyId));
      if (count > 0) throw new AppError('CONFLICT', FAMILY_MESSAGES.hasChildren);
    }
    const spent = await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.id, invite.id), live(invite.tokenHash)))
      .returning({ id: oneTimeTokens.id });
    if (!spent.length) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.inviteInvalid);
    await tx.update(users).set({ familyId: family.id, updatedAt: now }).where(eq(users.id, user.id));
    return { familyId: family.id };
  });
}

export async function listGuardians(opts: {
  db: Db;
  now: Date;
  user: AuthUser;
  familyId: string;
}): Promise<GuardianList> {
  const rows = await opts.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.familyId, opts.familyId))
    .orderBy(users.createdAt);
  const pending = await opts.db
    .select({ email: oneTimeTokens.email, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(openInvite(opts.familyId, opts.now))
    .orderBy(oneTimeTokens.createdAt);
  return {
    guardians: rows.map((r): Guardian => ({ ...r, isYou: r.id === opts.user.id })),
    pendingInvites: pending.map((p) => ({ email: p.email ?? '', expiresAt: p.expiresAt.toISOString() })),
  };
}
