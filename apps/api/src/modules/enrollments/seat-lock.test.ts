import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { enrollments } from '@kikstart/db';
import { SEAT_STATUSES } from '@kikstart/contract/enrollment-status';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { openDatabase, type DbHandle, type programs } from '@kikstart/db';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { lockProgram, seatsTaken } from './enrollment-seats.ts';
import { createEnrollment } from './enrollments.service.ts';
import { addChild, createProgram, enroll, seatsAndQueue, waiverVersion } from '../../../test/enrollment-fixtures.ts';
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

    const { resume, holder } = await holdingTheLock(t, program, { parent: first, childId: firstChild }, async (tx) =>
      expect(await seatsTaken(tx, program.id)).toBe(0),
    );

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

/**
 * Enrollment batches span programs (enrollment-batch.ts): each process decides every request it
 * holds in one transaction that locks the programs asked for, in id order. Two processes are two
 * queues here: the test app's, and a second pool on the same database (`createEnrollment` with
 * its own `db`), as the rush's two API processes are.
 */
describe.runIf(onPostgres)('enrollment batches over several programs (PostgreSQL only)', () => {
  let t: TestApp;
  let other: DbHandle;
  beforeAll(async () => {
    t = await createTestApp();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const [row] = (
      (await t.db.execute(sql`select current_database() as "name"`)) as unknown as { rows: { name: string }[] }
    ).rows;
    url.pathname = `/${row!.name}`;
    other = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  /** An enrollment request made through the second process's queue. */
  async function enrollElsewhere(
    parent: { familyId: string | null; userId: string },
    childId: string,
    programId: string,
  ) {
    const ctx = {
      db: other.db,
      familyId: parent.familyId!,
      userId: parent.userId,
      publicUrl: t.config.publicUrl,
      now: new Date(),
    };
    const input = {
      childId,
      programId,
      waiverName: 'Ana Martinez',
      waiverAccepted: true as const,
      waiverVersion: await waiverVersion(t),
      joinWaitlist: true,
      acknowledgeClash: false,
    };
    return createEnrollment(ctx, input);
  }

  it('a batch waits for a program another transaction holds, and decides it with the seat that one took', async () => {
    const [free, contested] = await Promise.all([createProgram(t, { capacity: 1 }), createProgram(t, { capacity: 1 })]);
    const parents = await Promise.all([1, 2, 3].map(() => createUserWithSession(t)));
    const kids = await Promise.all(parents.map((p) => addChild(t, p.headers)));
    const { resume, holder } = await holdingTheLock(t, contested, { parent: parents[0]!, childId: kids[0]! });

    let answered = false;
    const requests = Promise.all([
      enroll(t, parents[1]!.headers, kids[1]!, free.id),
      enroll(t, parents[2]!.headers, kids[2]!, contested.id),
    ]).then((res) => {
      answered = true;
      return res;
    });
    expect(await waitUntilLockWaiter(t, () => answered)).toBe(true);
    resume();
    await holder;
    const [seat, full] = await requests;

    expect(seat.statusCode).toBe(200);
    expect(body(full)).toMatchObject({ code: 'PROGRAM_FULL' });
    expect(await seatsTaken(t.db, free.id)).toBe(1);
    expect(await seatsTaken(t.db, contested.id)).toBe(1);
  });

  it("two processes' batches over the same programs, asked for in opposite orders: no deadlock, no seat oversold, the queue in lock order", async () => {
    const programs = await Promise.all([1, 2, 3, 4].map(() => createProgram(t, { capacity: 3 })));
    const parents = await Promise.all(Array.from({ length: 32 }, () => createUserWithSession(t)));
    const kids = await Promise.all(parents.map((p) => addChild(t, p.headers)));

    // Here: programs 1, 2, 3, 4, 1, 2, …; the other process: 4, 3, 2, 1, 4, 3, …
    const results = await Promise.allSettled(
      parents.map((p, i) =>
        i % 2 === 0
          ? enroll(t, p.headers, kids[i]!, programs[(i / 2) % 4]!.id, { joinWaitlist: true }).then((res) => {
              if (res.statusCode !== 200) throw new Error(res.body);
              return body<Enrollment>(res).data;
            })
          : enrollElsewhere(p, kids[i]!, programs[3 - (((i - 1) / 2) % 4)]!.id),
      ),
    );

    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const program of programs) {
      const { rows, seats, queue } = await seatsAndQueue(t, program.id);
      expect(rows).toHaveLength(8);
      expect(seats).toHaveLength(3);
      expect(queue.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
      // Nobody queued before a seat was given, and the queue follows the lock times.
      const lastSeat = seats
        .map((r) => r.lockedAt)
        .sort()
        .at(-1)!;
      expect(queue.every((r) => r.lockedAt > lastSeat)).toBe(true);
      const times = queue.map((r) => r.lockedAt);
      expect(times).toEqual([...times].sort());
    }
  });
});

/**
 * A transaction that locks the program, runs `meanwhile` (under the lock) and pauses; on
 * `resume` it gives the parent's child a held seat and commits. Answers once the lock is held.
 */
async function holdingTheLock(
  t: TestApp,
  program: typeof programs.$inferSelect,
  seat: { parent: { familyId: string | null; userId: string }; childId: string },
  meanwhile: (tx: TestApp['db']) => Promise<unknown> = async () => undefined,
) {
  const version = await waiverVersion(t);
  let resume!: () => void;
  const paused = new Promise<void>((resolve) => (resume = resolve));
  let signalLocked!: () => void;
  const locked = new Promise<void>((resolve) => (signalLocked = resolve));
  const holder = t.db.transaction(async (tx) => {
    await lockProgram(tx, program.id);
    await meanwhile(tx);
    signalLocked();
    await paused;
    const now = new Date();
    await tx.insert(enrollments).values({
      familyId: seat.parent.familyId!,
      childId: seat.childId,
      programId: program.id,
      status: 'pending_payment',
      createdBy: seat.parent.userId,
      priceCents: program.priceCents,
      currency: program.currency,
      coveredByMembership: program.coveredByMembership,
      waiverName: 'Ana Martinez',
      waiverSignedAt: now,
      waiverVersion: version,
      holdExpiresAt: new Date(now.getTime() + 30 * 60_000),
    });
  });
  await locked;
  return { resume, holder };
}

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
