import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { authThrottle } from '@kikstart/db';

/**
 * Fixed-window counters in the database (table auth_throttle), so several API processes share
 * them, with windows read from the injected clock (`now`). A counter is one row, upserted
 * atomically; keys are hashed, so the table holds no email or client address.
 */
export interface ThrottleLimit {
  /** Hits allowed in one window. */
  max: number;
  windowMs: number;
}

/** The row key for a counter: its kind plus the parts it is counted by (address, account…). */
export const throttleKey = (kind: string, ...parts: string[]) =>
  createHash('sha256')
    .update([kind, ...parts].join('\u0000'))
    .digest('base64url');

/**
 * The address a per-address limit counts by. IPv4 (also when mapped into IPv6) as is; IPv6 by
 * its /64, since one subscriber is usually given a whole /64 and could rotate through it.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

/** Milliseconds until the counter's window ends when it has reached `limit.max`, else 0. */
export async function throttleWait(db: Db, key: string, limit: ThrottleLimit, now: Date): Promise<number> {
  const [row] = await db
    .select()
    .from(authThrottle)
    .where(and(eq(authThrottle.key, key), gt(authThrottle.windowStart, new Date(now.getTime() - limit.windowMs))));
  if (!row || row.count < limit.max) return 0;
  return row.windowStart.getTime() + limit.windowMs - now.getTime();
}

/**
 * Counts one hit and returns the wait when this hit is over the limit (0 when it is allowed).
 * A window that has ended starts again at `now`. Atomic, so parallel requests cannot slip past.
 */
export async function throttleHit(db: Db, key: string, limit: ThrottleLimit, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const expired = sql`${authThrottle.windowStart} <= ${nowIso}::timestamptz - make_interval(secs => ${limit.windowMs / 1000})`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authThrottle.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${authThrottle.windowStart} end`,
      },
    })
    .returning({ count: authThrottle.count, windowStart: authThrottle.windowStart });
  if (!row || row.count <= limit.max) return 0;
  return row.windowStart.getTime() + limit.windowMs - now.getTime();
}

/** Forgets a counter (for example a per-address failure count after the right password). */
export async function throttleReset(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Deletes counters whose window started before `before`: nothing reads them any more. */
export async function pruneThrottle(db: Db, before: Date) {
  await db.delete(authThrottle).where(lt(authThrottle.windowStart, before));
}
