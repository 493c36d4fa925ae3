import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { enrollments } from '@kikstart/db';
import { SEAT_STATUSES } from '@kikstart/contract/enrollment-status';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { lockProgram, seatsTaken } from './enrollment-seats.ts';
import { addChild, createProgram, enroll, waiverVersion } from '../../../test/enrollment-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';

/**
 * The program row lock, tested deterministically: a first transaction takes the lock, counts the
 * seats and pauses; an enrollment request for the same program must wait for it, then see the
 * seat the first one took. PGlite has a single connection, so two transactions cannot
 * interleave there and this proves nothing: it runs on PostgreSQL only (`npm run test:api:pg`,
 * part of `npm test`).
 */
describe.runIf(onPostgres)('program row lock (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an enrollment waits while another transaction holds the lock after its count, then finds the program full', async () => {
    const program = await createProgram(t, { capacity: 1 });
    const first = await createUserWithSession(t);
    const second = await createUserWithSession(t);
    const firstChild = await addChild(t, first.headers);
    const secondChild = await addChild(t, second.headers);
    const version = await waiverVersion(t);

    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let signalCounted!: () => void;
    const counted = new Promise<void>((resolve) => (signalCounted = resolve));
    const holder = t.db.transaction(async (tx) => {
      await lockProgram(tx, program.id);
      expect(await seatsTaken(tx, program.id)).toBe(0);
      signalCounted();
      await paused;
      const now = new Date();
      await tx.insert(enrollments).values({
        familyId: first.familyId!,
        childId: firstChild,
        programId: program.id,
        status: 'pending_payment',
        createdBy: first.userId,
        priceCents: program.priceCents,
        currency: program.currency,
        coveredByMembership: program.coveredByMembership,
        waiverName: 'Ana Martinez',
        waiverSignedAt: now,
        waiverVersion: version,
        holdExpiresAt: new Date(now.getTime() + 30 * 60_000),
      });
    });
    await counted;

    let answered = false;
    const request = enroll(t, second.headers, secondChild, program.id).then((res) => {
      answered = true;
      return res;
    });
    // Without the lock the request would count 0 seats taken and answer at once; with it, the
    // server shows a backend waiting on a lock (no sleep guessing how long "waiting" takes).
    expect(await waitUntilLockWaiter(t, () => answered)).toBe(true);
    expect(answered).toBe(false);

    resume();
    await holder;
    const res = await request;
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('This program is full. You can join the waitlist.');
    const live = await t.db
      .select({ childId: enrollments.childId })
      .from(enrollments)
      .where(and(eq(enrollments.programId, program.id), inArray(enrollments.status, [...SEAT_STATUSES])));
    expect(live).toEqual([{ childId: firstChild }]);
  });
});

/** Polls PostgreSQL until a backend of this database waits on a lock (true) or `gaveUp` says stop (false). */
async function waitUntilLockWaiter(t: TestApp, gaveUp: () => boolean) {
  for (let i = 0; i < 500 && !gaveUp(); i++) {
    const res = await t.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if ((res as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}
