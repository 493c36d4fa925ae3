import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { sessions, users } from '@kikstart/db';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** A session lasts 30 days from its last use; an idle one expires. */
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
/** lastUsedAt is written at most this often, so reads do not become writes on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export type Role = 'parent' | 'coach' | 'admin';

/** Who is calling: what every ownership and role check needs, nothing more. */
export interface AuthUser {
  id: string;
  role: Role;
  familyId: string | null;
  email: string;
  emailVerified: boolean;
  sessionId: string;
}

export async function createSession(opts: { db: Db; now: Date; userId: string; userAgent?: string; ip?: string }) {
  const token = newToken();
  const [row] = await opts.db
    .insert(sessions)
    .values({
      userId: opts.userId,
      tokenHash: hashToken(token),
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
      ip: opts.ip ?? null,
      expiresAt: new Date(opts.now.getTime() + SESSION_TTL_MS),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** The live session for a token, or null when it is unknown, revoked or expired. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<AuthUser | null> {
  // Bound the work a hostile header can cause; real tokens are 43 characters.
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      role: users.role,
      familyId: users.familyId,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    role: row.role,
    familyId: row.familyId,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    sessionId: row.sessionId,
  };
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, optionally keeping the one making the request. */
export async function revokeUserSessions(db: Db, userId: string, options: { now: Date; except?: string }) {
  await db
    .update(sessions)
    .set({ revokedAt: options.now })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), options.except ? ne(sessions.id, options.except) : undefined),
    );
}
