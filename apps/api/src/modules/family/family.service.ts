import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, families, oneTimeTokens, users } from '@kikstart/db';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueMail } from '../mail/mail.service.ts';
import type { AuthUser } from '../auth/sessions.service.ts';

/** An invitation to share a family is valid for a week. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

export const FAMILY_MESSAGES = {
  invited: 'Invitation sent',
  joined: 'You now share this family',
  inviteSelf: 'You are already in this family',
  alreadyMember: 'This person already shares your family',
  inviteInvalid: 'This invitation link is invalid or has expired',
  inviteOtherEmail: 'This invitation was sent to a different email address. Sign in with that address to accept it.',
  alreadyInFamily: 'You already share this family',
  hasChildren:
    'Your account already has children of its own. Ask the other guardian to invite you from an account without children, or contact us to merge the families.',
} as const;

export interface Guardian {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isYou: boolean;
}

export async function inviteGuardian(opts: { db: Db; now: Date; user: AuthUser; familyId: string; email: string; publicUrl: string }) {
  const { db, user, familyId, email, publicUrl } = opts;
  if (email === user.email.toLowerCase()) throw new AppError('CONFLICT', FAMILY_MESSAGES.inviteSelf, { email: FAMILY_MESSAGES.inviteSelf });
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.familyId, familyId)));
  if (member) throw new AppError('CONFLICT', FAMILY_MESSAGES.alreadyMember, { email: FAMILY_MESSAGES.alreadyMember });
  const [inviter] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, user.id));
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + INVITE_TTL_MS);
  const inviterName = `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim() || 'A guardian';
  await db.transaction(async (tx) => {
    await tx.insert(oneTimeTokens).values({ purpose: 'family_invite', userId: user.id, familyId, email, tokenHash: hashToken(token), expiresAt });
    await queueMail({
      db: tx,
      to: email,
      template: 'family-invite',
      content: {
        subject: `${inviterName} invited you to share their family on KikStart`,
        paragraphs: [
          `${inviterName} would like you to be a guardian in their KikStart family, so you can both see and manage the children's profiles and enrollments with your own sign-in.`,
          'Sign in or create a parent account with this email address, then open the link below. The invitation is valid for 7 days.',
        ],
        action: { label: 'Join the family', url: `${publicUrl}/family/join?token=${token}` },
      },
    });
  });
  // Whether the address has an account is not revealed.
  return { email, expiresAt: expiresAt.toISOString() };
}

/** Moves the signed-in parent into the inviting family; their old, childless family is left behind. */
export async function joinFamily(opts: { db: Db; now: Date; user: AuthUser; token: string }) {
  const { db, user } = opts;
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.purpose, 'family_invite'),
          eq(oneTimeTokens.tokenHash, hashToken(opts.token)),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, opts.now),
        ),
      )
      .for('update');
    if (!invite?.familyId) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.inviteInvalid);
    if ((invite.email ?? '').toLowerCase() !== user.email.toLowerCase()) throw new AppError('FORBIDDEN', FAMILY_MESSAGES.inviteOtherEmail);
    if (user.familyId === invite.familyId) throw new AppError('CONFLICT', FAMILY_MESSAGES.alreadyInFamily);
    if (user.familyId) {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(children)
        .where(eq(children.familyId, user.familyId));
      if (count > 0) throw new AppError('CONFLICT', FAMILY_MESSAGES.hasChildren);
    }
    const [family] = await tx.select({ id: families.id }).from(families).where(eq(families.id, invite.familyId));
    if (!family) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.inviteInvalid);
    await tx.update(oneTimeTokens).set({ usedAt: opts.now }).where(eq(oneTimeTokens.id, invite.id));
    await tx.update(users).set({ familyId: family.id, updatedAt: opts.now }).where(eq(users.id, user.id));
    return { familyId: family.id };
  });
}

export async function listGuardians(opts: { db: Db; now: Date; user: AuthUser; familyId: string }) {
  const rows = await opts.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.familyId, opts.familyId), eq(users.role, 'parent')))
    .orderBy(users.createdAt);
  const pending = await opts.db
    .select({ email: oneTimeTokens.email, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, 'family_invite'),
        eq(oneTimeTokens.familyId, opts.familyId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, opts.now),
      ),
    )
    .orderBy(oneTimeTokens.createdAt);
  return {
    guardians: rows.map((r): Guardian => ({ ...r, isYou: r.id === opts.user.id })),
    pendingInvites: pending.map((p) => ({ email: p.email ?? '', expiresAt: p.expiresAt.toISOString() })),
  };
}
