import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { users } from '@kikstart/db';
import { ADMIN_ACCOUNT_MESSAGES, type AccountStatus } from '@kikstart/contract/admin-families';
import { rolesOf, type StaffRole } from '@kikstart/contract/roles';
import { AppError } from '../../lib/errors.ts';

type UserRow = typeof users.$inferSelect;

/**
 * Runs `fn` with the roster of active admins locked (their rows, in id order), then the account
 * being changed. Every change that can take an admin away (removing the role, deactivating) goes
 * through here, so two admins removing each other at once queue up: the second one re-reads the
 * roster after the first committed, finds itself the last admin, and is refused.
 */
export async function withAdminRosterLocked<T>(
  db: Db,
  userId: string,
  fn: (tx: Db, target: UserRow, activeAdminIds: string[]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`'admin' = any(${users.staffRoles})`, isNull(users.deactivatedAt)))
      .orderBy(users.id)
      .for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw new AppError('NOT_FOUND', ADMIN_ACCOUNT_MESSAGES.userNotFound);
    return fn(
      tx,
      target,
      admins.map((a) => a.id),
    );
  });
}

/** Refuses a change that takes `userId` out of the active admins when nobody else is one. */
export function assertNotLastAdmin(activeAdminIds: string[], userId: string) {
  if (activeAdminIds.includes(userId) && activeAdminIds.length === 1) {
    throw new AppError('LAST_ADMIN', ADMIN_ACCOUNT_MESSAGES.lastAdmin);
  }
}

export const accountStatus = (
  row: Pick<UserRow, 'id' | 'familyId' | 'staffRoles' | 'deactivatedAt'>,
): AccountStatus => ({
  userId: row.id,
  roles: rolesOf(row),
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
});

/**
 * Sets which staff roles an account holds; roles not named stay as they are. Roles add, they do
 * not swap: the family, children and payments are untouched. Refused (LAST_ADMIN) when it would
 * remove the last active admin's admin role. Sessions read the roles on every request, so the
 * change applies at once.
 */
export async function setStaffRoles(opts: {
  db: Db;
  now: Date;
  userId: string;
  roles: Partial<Record<StaffRole, boolean>>;
}): Promise<AccountStatus> {
  return withAdminRosterLocked(opts.db, opts.userId, async (tx, target, activeAdminIds) => {
    const held = new Set(target.staffRoles);
    for (const [role, keep] of Object.entries(opts.roles) as [StaffRole, boolean | undefined][]) {
      if (keep === true) held.add(role);
      if (keep === false) held.delete(role);
    }
    if (!held.has('admin')) assertNotLastAdmin(activeAdminIds, target.id);
    // Kept in STAFF_ROLES order, so the stored array is the same whichever way it was reached.
    const staffRoles = (['coach', 'admin'] as const).filter((r) => held.has(r));
    const [updated] = await tx
      .update(users)
      .set({ staffRoles, updatedAt: opts.now })
      .where(eq(users.id, target.id))
      .returning();
    return accountStatus(updated!);
  });
}

/** One role on or off: what approving a coach-access request calls (`setStaffRole({ ..., role: 'coach', held: true })`). */
export const setStaffRole = (opts: { db: Db; now: Date; userId: string; role: StaffRole; held: boolean }) =>
  setStaffRoles({ db: opts.db, now: opts.now, userId: opts.userId, roles: { [opts.role]: opts.held } });
