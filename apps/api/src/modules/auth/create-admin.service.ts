import { eq, sql } from 'drizzle-orm';
import { users, type Db } from '@kikstart/db';
import type { CreateAdminOutcome } from '@kikstart/contract/create-admin';
import { hashPassword } from '../../lib/passwords.ts';
import { revokeUserSessions } from './sessions.service.ts';

/** Serialises admin creation across processes (two API processes starting with ADMIN_* set). */
const ADMIN_LOCK_ID = 7_210_433;

/** Names and password are needed for a new account (the password for an unverified one too); a verified account keeps its own. */
export interface AdminAccountInput {
  email: string;
  firstName?: string;
  lastName?: string;
  password?: string;
}

export class DetailsNeededError extends Error {
  constructor(email: string, what: string) {
    super(`${what} needed for the account ${email}.`);
    this.name = 'DetailsNeededError';
  }
}

/** True when some account holds the admin role. */
export async function hasAdmin(db: Db) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'admin' = any(${users.staffRoles})`)
    .limit(1);
  return Boolean(row);
}

/** Whether an account with this email exists and has proved it (create-admin asks for less then). */
export async function findAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, staffRoles: users.staffRoles, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ? { id: row.id, isAdmin: row.staffRoles.includes('admin'), verified: row.emailVerifiedAt !== null } : null;
}

/**
 * Makes `email` an admin: a new verified account with no family, or the admin role added to an
 * existing one (roles add: its family, children and payments stay). An existing account whose
 * email was never verified proves nothing about who set its password (anyone can sign up with the
 * operator's address), so it takes the password given here and its sessions end.
 */
export function grantAdmin(options: { db: Db; now: Date; input: AdminAccountInput }): Promise<CreateAdminOutcome> {
  return grant({ ...options, onlyIfNoAdmin: false }) as Promise<CreateAdminOutcome>;
}

/** grantAdmin for the ADMIN_* variables on a start: does nothing once any admin exists. */
export function grantFirstAdmin(options: {
  db: Db;
  now: Date;
  input: AdminAccountInput;
}): Promise<CreateAdminOutcome | 'admin-exists'> {
  return grant({ ...options, onlyIfNoAdmin: true });
}

async function grant({
  db,
  now,
  input,
  onlyIfNoAdmin,
}: {
  db: Db;
  now: Date;
  input: AdminAccountInput;
  onlyIfNoAdmin: boolean;
}): Promise<CreateAdminOutcome | 'admin-exists'> {
  const email = input.email.toLowerCase();
  // argon2 is slow: hash before the transaction holds the lock.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_ID})`);
    if (onlyIfNoAdmin && (await hasAdmin(tx as unknown as Db))) return 'admin-exists';
    const existing = await findAccount(tx as unknown as Db, email);
    if (!existing) {
      if (!passwordHash || !input.firstName || !input.lastName)
        throw new DetailsNeededError(email, 'A first name, a last name and a password are');
      await tx.insert(users).values({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        staffRoles: ['admin'],
        familyId: null,
        emailVerifiedAt: now,
      });
      return 'created';
    }
    if (existing.verified && existing.isAdmin) return 'already-admin';
    const withAdmin = sql`array_append(array_remove(${users.staffRoles}, 'admin'), 'admin')`;
    if (existing.verified) {
      await tx.update(users).set({ staffRoles: withAdmin, updatedAt: now }).where(eq(users.id, existing.id));
      return 'promoted';
    }
    if (!passwordHash) throw new DetailsNeededError(email, 'A password is');
    await tx
      .update(users)
      .set({ staffRoles: withAdmin, passwordHash, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, existing.id));
    await revokeUserSessions(tx as unknown as Db, existing.id, { now });
    return 'claimed';
  });
}
