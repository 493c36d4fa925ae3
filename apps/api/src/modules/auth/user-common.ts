import { eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { users } from '@kikstart/db';
import type { UserProfile } from '@kikstart/contract/auth';
import { rolesOf } from '@kikstart/contract/roles';
import type { FileUrls } from '../../lib/signed-urls.ts';

export type UserRow = typeof users.$inferSelect;

/** Emails are stored lower-cased and unique on lower(email); compare the same way. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** `fileUrls` turns the stored avatar path into a signed link for this answer (lib/signed-urls.ts). */
export const toProfile = (u: UserRow, fileUrls: FileUrls): UserProfile => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  address: u.address,
  avatarUrl: fileUrls(u.avatarPath),
  roles: rolesOf(u),
  emailVerified: u.emailVerifiedAt !== null,
  familyId: u.familyId,
  createdAt: u.createdAt.toISOString(),
});

/** PostgreSQL unique_violation, whether the driver error is bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Runs `fn` and answers no sooner than `minMs` after the start, so the answer time of the
 * "same answer either way" endpoints says nothing about which branch ran.
 */
export async function withMinimumDuration<T>(minMs: number, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    const left = minMs - (performance.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}
