import { and, eq, gt, inArray, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { sessions, users } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { rolesOf, type Role } from '@kikstart/contract/roles';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { sameTurnBatch } from '../../lib/same-turn-batch.ts';

const DAY_MS = 24 * 3600_000;
/** A session lasts 30 days from its last use; an idle one expires. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * However busy, a session ends 90 days after sign-in: a token copied from a shared computer or a
 * backup stops working on its own, and the parent signs in again (their password is checked anew).
 */
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;
/** lastUsedAt is written at most this often, so reads do not become writes on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

/** Who is calling: what every ownership and role check needs, nothing more. */
export interface AuthUser {
  id: string;
  /** Parent when in a family, plus the staff roles held (contract/roles.ts). */
  roles: Role[];
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
      // The injected clock, not the database's, so both lifetimes move with it in tests.
      createdAt: opts.now,
      lastUsedAt: opts.now,
      expiresAt: nextExpiry(opts.now, opts.now),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** Idle expiry from `now`, never past the absolute end of a session created at `createdAt`. */
function nextExpiry(createdAt: Date, now: Date) {
  return new Date(Math.min(now.getTime() + SESSION_TTL_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));
}

/**
 * What makes a session live: not revoked, not expired, its account not deactivated, and younger
 * than the absolute cap (created after `now` minus SESSION_MAX_AGE_MS: see `oldestLive`). One
 * rule for the token check of every request and for open sockets.
 */
const liveSession = (now: Date | Placeholder, createdAfter: Date | Placeholder) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    // Deactivation revokes the sessions too; this also stops any made after it (an email-verify sign-in).
    isNull(users.deactivatedAt),
    // Also checked here, not only through expiresAt, for sessions made before the cap existed.
    gt(sessions.createdAt, createdAfter),
  );

/** The creation time a live session must be after (the absolute cap). */
const oldestLive = (now: Date) => new Date(now.getTime() - SESSION_MAX_AGE_MS);

const sessionUserColumns = {
  sessionId: sessions.id,
  createdAt: sessions.createdAt,
  lastUsedAt: sessions.lastUsedAt,
  id: users.id,
  staffRoles: users.staffRoles,
  familyId: users.familyId,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
};

function authUserOf(
  row: Parameters<typeof rolesOf>[0] & {
    sessionId: string;
    id: string;
    familyId: string | null;
    email: string;
    emailVerifiedAt: Date | null;
  },
): AuthUser {
  return {
    id: row.id,
    roles: rolesOf(row),
    familyId: row.familyId,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    sessionId: row.sessionId,
  };
}

/**
 * Every request's session check: a fixed query, built once (fixed-query.ts), for all the tokens
 * of one turn of the event loop (`checkInTurn`). The list goes as one array parameter, so the
 * text is the same for one token or a thousand.
 */
const sessionsByTokens = fixedQuery((db, p: Placeholders<{ tokenHashes: string[]; now: Date; createdAfter: Date }>) =>
  db
    .select({ tokenHash: sessions.tokenHash, ...sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = any(${p.tokenHashes}::text[])`, liveSession(p.now, p.createdAfter))),
);

interface TokenCheck {
  db: Db;
  tokenHash: string;
  now: Date;
}
type SessionRow = Awaited<ReturnType<typeof sessionsByTokens>>[number];

/**
 * One statement for every session check of a turn, per database. On registration day a
 * thousand requests arrive at once, and one statement each was a thousand round trips: on PGlite,
 * whose one connection they share, the enrollments queued behind them. The checks of a turn are
 * made at the latest of their clocks (a few milliseconds apart at most), so a session that
 * expires in between counts as expired, never the other way round.
 */
const checkersByDb = new WeakMap<Db, (check: TokenCheck) => Promise<SessionRow | null>>();

function checkInTurn(check: TokenCheck) {
  let checker = checkersByDb.get(check.db);
  if (!checker) {
    checker = sameTurnBatch(async (checks: TokenCheck[]) => {
      const now = new Date(Math.max(...checks.map((c) => c.now.getTime())));
      const tokenHashes = [...new Set(checks.map((c) => c.tokenHash))];
      const rows = await sessionsByTokens(check.db, { tokenHashes, now, createdAfter: oldestLive(now) });
      const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
      return checks.map((c) => byHash.get(c.tokenHash) ?? null);
    });
    checkersByDb.set(check.db, checker);
  }
  return checker(check);
}

/** The live session for a token, or null when it is unknown, revoked or expired, or its account is deactivated. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<AuthUser | null> {
  // Bound the work a hostile header can cause; real tokens are 43 characters.
  if (token.length < 20 || token.length > 200) return null;
  const row = await checkInTurn({ db, tokenHash: hashToken(token), now });
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: nextExpiry(row.createdAt, now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return authUserOf(row);
}

/**
 * Which of these sessions are still live, with their user as of now (roles and family may have
 * changed). For connections that checked their token once and stay open (the chat socket);
 * reading does not count as use, so `lastUsedAt` is left alone.
 */
export async function liveSessionUsers(db: Db, sessionIds: readonly string[], now: Date) {
  const live = new Map<string, AuthUser>();
  if (!sessionIds.length) return live;
  const rows = await db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, [...sessionIds]), liveSession(now, oldestLive(now))));
  for (const row of rows) live.set(row.sessionId, authUserOf(row));
  return live;
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, optionally keeping the one making the request. */
export async function revokeUserSessions(db: Db, userId: string, options: { now: Date; except?: string }) {
  await db
    .update(sessions)
    .set({ revokedAt: options.now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.except ? ne(sessions.id, options.except) : undefined,
      ),
    );
}
