import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@kikstart/db';
import { users } from '@kikstart/db';
import { AUTH_MESSAGES, type UserProfile, type changePasswordSchema, type profileUpdateSchema } from '@kikstart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { storeUpload, type CheckedUpload } from '../../lib/uploads.ts';
import { revokeUserSessions, type AuthUser } from '../auth/sessions.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { rotateFeedSecretIfAny } from '../calendar/calendar.service.ts';
import { findUserById, toProfile } from './user-common.ts';
import { CHANGE_PASSWORD_FAILURES, assertUnderLimits, countHit, limitKeys } from './user-limits.ts';
import { passwordChangedMail } from './user-mail.ts';

/** Avatars live under <UPLOAD_DIR>/avatars and are served at /uploads/avatars/…. */
export const AVATAR_FOLDER = 'avatars';

const gone = () => new AppError('UNAUTHORIZED', 'Please sign in to continue');

export async function getProfile({ db, userId }: { db: Db; userId: string }): Promise<UserProfile> {
  const user = await findUserById(db, userId);
  if (!user) throw gone();
  return toProfile(user);
}

export interface UpdateProfileOptions {
  db: Db;
  now: Date;
  uploadDir: string;
  userId: string;
  input: z.output<typeof profileUpdateSchema>;
  /** Already checked by its bytes (JPEG or PNG) and stripped of metadata. */
  avatar?: CheckedUpload;
}

/** Saves the fields that were sent and, when given, the new avatar (the old file is removed). */
export async function updateProfile({ db, now, uploadDir, userId, input, avatar }: UpdateProfileOptions): Promise<UserProfile> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (!avatar && Object.keys(changes).length === 0) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.noChanges);

  const before = await findUserById(db, userId);
  if (!before) throw gone();
  if (avatar) changes.avatarPath = await storeUpload(uploadDir, AVATAR_FOLDER, avatar);
  let updated;
  try {
    [updated] = await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
  } catch (err) {
    if (changes.avatarPath) await removeUpload(uploadDir, changes.avatarPath);
    throw err;
  }
  if (!updated) throw gone();
  if (changes.avatarPath && before.avatarPath && before.avatarPath !== changes.avatarPath) await removeUpload(uploadDir, before.avatarPath);
  return toProfile(updated);
}

/** Only files we stored under the avatars folder are ever removed. */
async function removeUpload(uploadDir: string, path: string) {
  if (!path.startsWith(`${AVATAR_FOLDER}/`) || path.includes('..')) return;
  await unlink(join(uploadDir, path)).catch(() => undefined);
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
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong, { currentPassword: AUTH_MESSAGES.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx as unknown as Db, user.id, { now, except: user.sessionId });
    const calendarLinkChanged = await rotateFeedSecretIfAny(tx, { userId: user.id, now });
    await queueMail({ db: tx as unknown as Db, to: row.email, template: 'password-changed', content: passwordChangedMail({ publicUrl, firstName: row.firstName, calendarLinkChanged }) });
  });
}
