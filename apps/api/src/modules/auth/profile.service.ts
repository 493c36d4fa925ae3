import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { users } from '@kikstart/db';
import {
  AUTH_MESSAGES,
  type UserProfile,
  type changePasswordSchema,
  type profileUpdateSchema,
} from '@kikstart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { FileUrls } from '../../lib/signed-urls.ts';
import { PRIVATE_IMAGE_FOLDERS, removeStoredFile, storeUpload, type CheckedUpload } from '../../lib/uploads.ts';
import { revokeUserSessions, type AuthUser } from './sessions.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { rotateFeedSecretIfAny } from '../calendar/calendar.service.ts';
import { findUserById, toProfile, type UserRow } from './user-common.ts';
import { CHANGE_PASSWORD_FAILURES, assertUnderLimits, countHit, limitKeys } from './user-limits.ts';
import { passwordChangedMail } from './user-mail.ts';

const gone = () => new AppError('UNAUTHORIZED', 'Please sign in to continue');

export async function getProfile({
  db,
  fileUrls,
  userId,
}: {
  db: Db;
  fileUrls: FileUrls;
  userId: string;
}): Promise<UserProfile> {
  const user = await findUserById(db, userId);
  if (!user) throw gone();
  return toProfile(user, fileUrls);
}

export interface UpdateProfileOptions {
  db: Db;
  now: Date;
  /** The private files folder (avatars live in its `avatars/`) and the link maker for the answer. */
  files: { dir: string; fileUrls: FileUrls };
  userId: string;
  input: z.output<typeof profileUpdateSchema>;
  /** Already checked by its bytes (JPEG or PNG) and re-encoded without metadata. */
  avatar?: CheckedUpload;
}

/**
 * Saves the fields that were sent and, when given, the new avatar. The user's row is locked
 * while the avatar path changes, and the file it replaced is deleted after the commit, so
 * concurrent uploads leave exactly one file. A failed write deletes the file it stored.
 */
export async function updateProfile({
  db,
  now,
  files,
  userId,
  input,
  avatar,
}: UpdateProfileOptions): Promise<UserProfile> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (!avatar && Object.keys(changes).length === 0) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.noChanges);

  if (!(await findUserById(db, userId))) throw gone();
  if (avatar) changes.avatarPath = await storeUpload(files.dir, PRIVATE_IMAGE_FOLDERS.avatars, avatar);
  let result: { updated: UserRow; replaced: string | null };
  try {
    result = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ avatarPath: users.avatarPath })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!before) throw gone();
      const [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return { updated: updated!, replaced: changes.avatarPath ? before.avatarPath : null };
    });
  } catch (err) {
    await removeStoredFile(files.dir, changes.avatarPath);
    throw err;
  }
  if (result.replaced && result.replaced !== changes.avatarPath) await removeStoredFile(files.dir, result.replaced);
  return toProfile(result.updated, files.fileUrls);
}

export interface ChangePasswordOptions {
  db: Db;
  now: Date;
  publicUrl: string;
  user: AuthUser;
  input: z.output<typeof changePasswordSchema>;
}

/**
 * Changes the password of the signed-in user after checking the current one, and revokes every
 * other session (this one stays). Wrong current passwords count per account (the caller holds
 * its session), apart from sign-in failures, which never pause the owner.
 */
export async function changePassword({ db, now, publicUrl, user, input }: ChangePasswordOptions) {
  const key = limitKeys.changePassword(user.id);
  await assertUnderLimits(db, now, [[key, CHANGE_PASSWORD_FAILURES]]);
  const row = await findUserById(db, user.id);
  if (!row) throw gone();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await countHit(db, now, key, CHANGE_PASSWORD_FAILURES);
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong, {
      currentPassword: AUTH_MESSAGES.currentPasswordWrong,
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx as unknown as Db, user.id, { now, except: user.sessionId });
    const calendarLinkChanged = await rotateFeedSecretIfAny(tx, { userId: user.id, now });
    await queueMail({
      db: tx as unknown as Db,
      to: row.email,
      template: 'password-changed',
      content: passwordChangedMail({ publicUrl, firstName: row.firstName, calendarLinkChanged }),
    });
  });
}
