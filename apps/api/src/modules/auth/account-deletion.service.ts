import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, families, users } from '@kikstart/db';
import { FAMILY_MESSAGES, type AccountDeletion } from '@kikstart/contract/family';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { AuthUser } from './sessions.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { deleteChildrenLocked } from '../family/child-deletion.service.ts';
import { cancelInvitesBy, lockFamily } from '../family/family.service.ts';
import { accountDeletedMail } from '../family/family-mail.ts';
import { familyGuardians, mailStayingGuardians } from '../family/guardians.service.ts';
import { removeStoredFile } from '../../lib/uploads.ts';
import { findUserById } from './user-common.ts';
import { deidentifyFamilyPayments } from '../payments/transactions.service.ts';
import { familyChatFilePaths } from '../chat/chat-data-rights.ts';

export interface DeleteAccountOptions {
  db: Db;
  now: Date;
  user: AuthUser;
  password: string;
  publicUrl: string;
  filesDir: string;
}

/**
 * Deletes a parent's account after checking the password. A guardian who is not the last one
 * only leaves: the children stay with the others, who are mailed. The last guardian's deletion
 * takes the family with it: its children, their photos on disk and their enrollments (seats
 * released to the waitlist through the seat lock). Sessions, tokens and the calendar feed go
 * with the user row. Staff accounts are closed by an administrator, not here.
 */
export async function deleteAccount({
  db,
  now,
  user,
  password,
  publicUrl,
  filesDir,
}: DeleteAccountOptions): Promise<AccountDeletion> {
  if (!user.roles.includes('parent') || user.roles.length > 1)
    throw new AppError('FORBIDDEN', FAMILY_MESSAGES.staffAccount);
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('BAD_REQUEST', FAMILY_MESSAGES.passwordWrong, { password: FAMILY_MESSAGES.passwordWrong });
  }
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select({ familyId: users.familyId }).from(users).where(eq(users.id, user.id));
    const familyId = current?.familyId ?? null;
    let photoPaths: string[] = [];
    let childrenDeleted = 0;
    let familyDeleted = false;
    if (familyId) {
      await lockFamily(tx, familyId);
      const guardians = await familyGuardians(tx, familyId);
      const others = guardians.filter((g) => g.id !== user.id);
      if (others.length) {
        await cancelInvitesBy(tx, { familyId, userId: user.id, now });
        await mailStayingGuardians(tx, { leaver: row, others, publicUrl });
      } else {
        // Payment records stay for accounting, without the children's names.
        await deidentifyFamilyPayments(tx, familyId);
        const kids = await tx.select({ id: children.id }).from(children).where(eq(children.familyId, familyId));
        ({ photoPaths, deleted: childrenDeleted } = await deleteChildrenLocked(tx, {
          childIds: kids.map((k) => k.id),
          now,
          publicUrl,
        }));
        // The family's conversations go with it (a cascade); their attachments are deleted below.
        photoPaths = [...photoPaths, ...(await familyChatFilePaths(tx, familyId))];
        familyDeleted = true;
      }
    }
    await tx.delete(users).where(eq(users.id, user.id));
    // After the user row: users.family_id points at the family. Invitations go with the family.
    if (familyDeleted && familyId) await tx.delete(families).where(eq(families.id, familyId));
    await queueMail({ db: tx, to: row.email, template: 'account-deleted', content: accountDeletedMail() });
    return { familyDeleted, childrenDeleted, photoPaths };
  });
  // Files go once the rows are gone for good; a crash here leaves an orphan file, never a row without its file.
  for (const path of [...result.photoPaths, row.avatarPath]) await removeStoredFile(filesDir, path);
  return { familyDeleted: result.familyDeleted, childrenDeleted: result.childrenDeleted };
}
