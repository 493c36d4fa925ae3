import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { families, users } from '@kikstart/db';
import { FAMILY_MESSAGES, type FamilyMembership, type RemovedGuardian } from '@kikstart/contract/family';
import { AppError } from '../../lib/errors.ts';
import { queueMail } from '../mail/mail.service.ts';
import { revokeUserSessions, type AuthUser } from '../auth/sessions.service.ts';
import { cancelInvitesBy, lockFamily } from './family.service.ts';
import { guardianLeftMail, mailName, removalDoneMail, removedMail } from './family-mail.ts';

interface MembershipOptions {
  db: Db;
  now: Date;
  user: AuthUser;
  familyId: string;
  publicUrl: string;
}

/** The family's guardians (parents), read under the family lock. */
export const familyGuardians = (tx: Db, familyId: string) =>
  tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.familyId, familyId));

/**
 * Takes a guardian out of a family into a new, empty family of their own (so the account keeps
 * working), and revokes the invitations they sent for the old one: a guardian on the way out
 * must not be able to invite their own second address back in.
 */
async function moveToOwnFamily(tx: Db, opts: { userId: string; fromFamilyId: string; now: Date }) {
  const [fresh] = await tx.insert(families).values({ createdAt: opts.now }).returning({ id: families.id });
  await tx.update(users).set({ familyId: fresh!.id, updatedAt: opts.now }).where(eq(users.id, opts.userId));
  await cancelInvitesBy(tx, { familyId: opts.fromFamilyId, userId: opts.userId, now: opts.now });
  return fresh!.id;
}

/**
 * Either guardian may remove another. The removed guardian's sessions are revoked in the same
 * transaction, so their next request is signed out; both guardians are mailed.
 */
export async function removeGuardian(opts: MembershipOptions & { guardianId: string }): Promise<RemovedGuardian> {
  const { db, now, user, familyId, publicUrl } = opts;
  if (opts.guardianId === user.id) throw new AppError('CONFLICT', FAMILY_MESSAGES.removeSelf);
  await db.transaction(async (tx) => {
    await lockFamily(tx, familyId);
    const guardians = await familyGuardians(tx, familyId);
    const removed = guardians.find((g) => g.id === opts.guardianId);
    const remover = guardians.find((g) => g.id === user.id);
    if (!removed || !remover) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.guardianNotFound);
    await moveToOwnFamily(tx, { userId: removed.id, fromFamilyId: familyId, now });
    await revokeUserSessions(tx, removed.id, { now });
    const greet = (g: { firstName: string }) => mailName({ firstName: g.firstName }, 'there');
    await queueMail({
      db: tx,
      to: removed.email,
      template: 'family-guardian-removed',
      content: removedMail({ firstName: greet(removed), byName: mailName(remover), publicUrl }),
    });
    await queueMail({
      db: tx,
      to: remover.email,
      template: 'family-guardian-removal-done',
      content: removalDoneMail({ firstName: greet(remover), removedName: mailName(removed), publicUrl }),
    });
  });
  return { userId: opts.guardianId };
}

/**
 * The signed-in guardian leaves; the children stay with the others. The last guardian cannot
 * leave (the children would have nobody): they can only delete their account.
 */
export async function leaveFamily(opts: MembershipOptions): Promise<FamilyMembership> {
  const { db, now, user, familyId, publicUrl } = opts;
  return db.transaction(async (tx) => {
    await lockFamily(tx, familyId);
    const guardians = await familyGuardians(tx, familyId);
    const me = guardians.find((g) => g.id === user.id);
    const others = guardians.filter((g) => g.id !== user.id);
    if (!me) throw new AppError('NOT_FOUND', FAMILY_MESSAGES.guardianNotFound);
    if (others.length === 0) throw new AppError('CONFLICT', FAMILY_MESSAGES.lastGuardian);
    const newFamilyId = await moveToOwnFamily(tx, { userId: user.id, fromFamilyId: familyId, now });
    await mailStayingGuardians(tx, { leaver: me, others, publicUrl });
    return { familyId: newFamilyId };
  });
}

export async function mailStayingGuardians(
  tx: Db,
  opts: {
    leaver: { firstName: string; lastName: string };
    others: { email: string; firstName: string }[];
    publicUrl: string;
  },
) {
  for (const g of opts.others) {
    await queueMail({
      db: tx,
      to: g.email,
      template: 'family-guardian-left',
      content: guardianLeftMail({
        leaverName: mailName(opts.leaver),
        firstName: mailName({ firstName: g.firstName }, 'there'),
        publicUrl: opts.publicUrl,
      }),
    });
  }
}
