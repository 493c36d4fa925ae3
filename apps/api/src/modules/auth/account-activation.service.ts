import { eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { users } from '@kikstart/db';
import type { AccountStatus } from '@kikstart/contract/admin-families';
import { revokeUserSessions } from './sessions.service.ts';
import { accountStatus, assertNotLastAdmin, withAdminRosterLocked } from './staff-roles.service.ts';

/**
 * Staff deactivate an account: every session ends in the same transaction, and sign-in is refused
 * until it is reactivated (findSessionUser and signin read deactivated_at). Refused for the last
 * active admin. Deactivating a deactivated account changes nothing (a double click, a retry).
 */
export async function deactivateAccount(opts: { db: Db; now: Date; userId: string }): Promise<AccountStatus> {
  return withAdminRosterLocked(opts.db, opts.userId, async (tx, target, activeAdminIds) => {
    if (target.deactivatedAt) return accountStatus(target);
    assertNotLastAdmin(activeAdminIds, target.id);
    const [updated] = await tx
      .update(users)
      .set({ deactivatedAt: opts.now, updatedAt: opts.now })
      .where(eq(users.id, target.id))
      .returning();
    await revokeUserSessions(tx, target.id, { now: opts.now });
    return accountStatus(updated!);
  });
}

/** The account may sign in again; its old sessions stay ended. */
export async function reactivateAccount(opts: { db: Db; now: Date; userId: string }): Promise<AccountStatus> {
  return withAdminRosterLocked(opts.db, opts.userId, async (tx, target) => {
    if (!target.deactivatedAt) return accountStatus(target);
    const [updated] = await tx
      .update(users)
      .set({ deactivatedAt: null, updatedAt: opts.now })
      .where(eq(users.id, target.id))
      .returning();
    return accountStatus(updated!);
  });
}
