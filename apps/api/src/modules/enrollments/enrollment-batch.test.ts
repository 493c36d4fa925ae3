import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { enrollments, mailOutbox, schools } from '@kikstart/db';
import { ENROLLMENT_MESSAGES, MAX_UNPAID_HOLDS, type Enrollment } from '@kikstart/contract/enrollments';
import { PROGRAM_MESSAGES } from '@kikstart/contract/programs';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { addChild, createProgram, enroll, seatsAndQueue, waiverVersion } from '../../../test/enrollment-fixtures.ts';
import { lockProgramsForBatch } from './enrollment-seats.ts';
import { getEnrollmentView } from './enrollment-view.ts';

/**
 * Requests for one program that arrive together are decided together, in one transaction under
 * the program lock (enrollment-batch.ts). Whatever batches they fall into, the outcome must be
 * what one-at-a-time would give: seats in lock order, the queue in that order with the places
 * the mails say, and each bad request refused on its own without touching the others.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a burst of enrollments for one program', () => {
  it('seats go in lock order, the rest queue in that order with their places mailed, and bad requests are refused alone', async () => {
    const [school] = await t.db
      .insert(schools)
      .values({ slug: `burst-school-${Date.now()}`, name: 'Burst Elementary', address: '2 School Rd', city: 'Oakland' })
      .returning();
    const program = await createProgram(t, {
      capacity: 3,
      minGrade: 1,
      maxGrade: 5,
      title: 'Burst Basketball',
      schoolId: school!.id,
    });
    const families = await Promise.all(Array.from({ length: 8 }, () => createUserWithSession(t)));
    const kids = await Promise.all(families.map((f) => addChild(t, f.headers, { grade: 3 })));
    const tooYoung = await addChild(t, families[0]!.headers, { firstName: 'Pip', grade: 0 });

    const results = await Promise.all([
      ...families.map((f, i) => enroll(t, f.headers, kids[i]!, program.id, { joinWaitlist: true })),
      // The same child a second time, and a child outside the grades: refused, each on its own.
      enroll(t, families[1]!.headers, kids[1]!, program.id, { joinWaitlist: true }),
      enroll(t, families[0]!.headers, tooYoung, program.id, { joinWaitlist: true }),
    ]);

    const forKid1 = [results[1]!, results[8]!].map((r) => r.statusCode).sort();
    expect(forKid1).toEqual([200, 409]);
    expect(body([results[1]!, results[8]!].find((r) => r.statusCode === 409)!).code).toBe('ALREADY_ENROLLED');
    expect(body(results[9]!)).toMatchObject({ code: 'NOT_ELIGIBLE', message: 'This program is for grades 1 to 5' });
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(8);

    const { rows, seats, queue } = await seatsAndQueue(t, program.id);
    expect(rows).toHaveLength(8);
    expect(seats).toHaveLength(3);
    expect(queue.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
    // Every lock time is its own, the queue follows it, and nobody queued before a seat was given.
    expect(new Set(rows.map((r) => r.lockedAt)).size).toBe(8);
    const lockTimes = queue.map((r) => r.lockedAt);
    expect(lockTimes).toEqual([...lockTimes].sort());
    expect(
      lockTimes[0]! >
        seats
          .map((r) => r.lockedAt)
          .sort()
          .at(-1)!,
    ).toBe(true);

    // Every row carries the program's terms and its own request's (one statement wrote them all).
    const stored = await t.db.select().from(enrollments).where(eq(enrollments.programId, program.id));
    for (const row of stored) {
      const family = families.find((f) => f.familyId === row.familyId)!;
      const seat = row.status === 'pending_payment';
      expect(row).toMatchObject({
        childId: kids[families.indexOf(family)],
        createdBy: family.userId,
        priceCents: program.priceCents,
        currency: program.currency,
        coveredByMembership: program.coveredByMembership,
        waiverName: 'Ana Martinez',
        waiverVersion: expect.any(Number),
        clashAcknowledged: false,
        confirmedAt: null,
        subscriptionId: null,
      });
      expect(row.waiverSignedAt).toBeInstanceOf(Date);
      expect(row.holdExpiresAt === null).toBe(!seat);
      expect(row.waitlistedAt === null).toBe(seat);
      if (seat) expect(row.holdExpiresAt!.getTime()).toBeGreaterThan(row.waiverSignedAt.getTime());
      else expect(row.waitlistedAt!.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime() - 1);
    }

    // Each answer says the place the database counts, and each waiting family is mailed it.
    const answered = results.filter((r) => r.statusCode === 200).map((r) => body<Enrollment>(r).data);
    for (const row of rows)
      expect(answered.find((a) => a.child.id === row.childId)!.waitlistPosition).toBe(row.position);
    // Each whole answer, made from the batch's own rows, is the enrollment as it reads afterwards.
    for (const answer of answered) {
      const family = families[kids.indexOf(answer.child.id)]!;
      expect(answer).toEqual(await getEnrollmentView(t.db, family.familyId!, answer.id));
      expect(answer.program.schoolName).toBe('Burst Elementary');
    }
    for (const waiting of queue) {
      const family = families.find((f) => f.familyId === waiting.familyId)!;
      const mails = await t.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, family.email), inArray(mailOutbox.template, ['waitlist-joined'])));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`is number ${waiting.position} on the waitlist for Burst Basketball`);
    }
  });

  it('a waiver name with half a surrogate pair is refused with a 400 naming the field; the others of its batch are enrolled', async () => {
    const program = await createProgram(t, { capacity: 10 });
    const families = await Promise.all(Array.from({ length: 3 }, () => createUserWithSession(t)));
    const kids = await Promise.all(families.map((f) => addChild(t, f.headers)));
    const names = ['Ana \ud800Martinez', 'Bea "Quote" \\u0000 O\'Neil', 'Cai 😀 Lee'];

    const results = await Promise.all(
      families.map((f, i) => enroll(t, f.headers, kids[i]!, program.id, { waiverName: names[i] })),
    );

    expect(results.map((r) => r.statusCode)).toEqual([400, 200, 200]);
    expect(body(results[0]!)).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { waiverName: 'Must not contain invalid characters' },
    });
    const stored = await t.db
      .select({ childId: enrollments.childId, waiverName: enrollments.waiverName })
      .from(enrollments)
      .where(eq(enrollments.programId, program.id));
    expect(Object.fromEntries(stored.map((r) => [r.childId, r.waiverName]))).toEqual({
      [kids[1]!]: names[1],
      [kids[2]!]: names[2],
    });
  });

  it('a request the database refuses fails alone; the others that came with it are enrolled', async () => {
    const program = await createProgram(t, { capacity: 10 });
    const families = await Promise.all(Array.from({ length: 7 }, () => createUserWithSession(t)));
    const kids = await Promise.all(families.map((f) => addChild(t, f.headers)));
    // A stand-in for a failure nobody can cause on purpose: the database refuses one signature.
    await t.db.execute(sql`create function refuse_one_signature() returns trigger language plpgsql as $$
      begin
        if new.waiver_name = 'Refused Signature' then raise exception 'refused by a test trigger'; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger refuse_one_signature before insert on enrollments for each row execute function refuse_one_signature()`,
    );
    try {
      const results = await Promise.all(
        families.map((f, i) =>
          enroll(t, f.headers, kids[i]!, program.id, i === 3 ? { waiverName: 'Refused Signature' } : {}),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 500, 200, 200, 200]);
      const rows = await t.db.select().from(enrollments).where(eq(enrollments.programId, program.id));
      expect(rows.map((r) => r.childId).sort()).toEqual(kids.filter((_, i) => i !== 3).sort());
    } finally {
      await t.db.execute(sql`drop trigger refuse_one_signature on enrollments`);
      await t.db.execute(sql`drop function refuse_one_signature()`);
    }
  });
});

describe('requests for several programs at once', () => {
  /**
   * The requests sent in one turn, in this order (`enroll` reads the waiver's version unless it is
   * given, and on PostgreSQL's pool those reads come back in any order).
   */
  async function enrollTogether(
    asked: { headers: Record<string, string>; childId: string; programId: string; extra?: Record<string, unknown> }[],
  ) {
    const version = await waiverVersion(t);
    return Promise.all(
      asked.map((a) => enroll(t, a.headers, a.childId, a.programId, { waiverVersion: version, ...a.extra })),
    );
  }

  /** How many transactions wrote these enrollments (rows one transaction wrote share its `xmin`). */
  const writers = async (ids: string[]) =>
    (
      (await t.db.execute(
        sql`select count(distinct xmin::text)::int as "n" from enrollments where id in ${ids}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  it('are decided in one transaction, each program by its own seats and queue; a missing or hidden program is refused alone', async () => {
    const open = await Promise.all([1, 2, 3].map(() => createProgram(t, { capacity: 2 })));
    const hidden = await createProgram(t, { published: false });
    const families = await Promise.all(Array.from({ length: 8 }, () => createUserWithSession(t)));
    const kids = await Promise.all(families.map((f) => addChild(t, f.headers)));
    // Three for the first program (one queues), two for the second, one for the third, then
    // one for a program that does not exist and one for an unpublished one.
    const asked = [open[0]!, open[1]!, open[0]!, open[2]!, open[0]!, open[1]!].map((p) => p.id);
    asked.push('00000000-0000-4000-8000-000000000000', hidden.id);

    const results = await enrollTogether(
      families.map((f, i) => ({
        headers: f.headers,
        childId: kids[i]!,
        programId: asked[i]!,
        extra: { joinWaitlist: true },
      })),
    );

    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 404, 404]);
    expect(body(results[6]!)).toMatchObject({ code: 'NOT_FOUND', message: PROGRAM_MESSAGES.notFound });
    const answers = results.slice(0, 6).map((r) => body<Enrollment>(r).data);
    expect(answers.map((a) => [a.program.id, a.status, a.waitlistPosition])).toEqual([
      [open[0]!.id, 'pending_payment', null],
      [open[1]!.id, 'pending_payment', null],
      [open[0]!.id, 'pending_payment', null],
      [open[2]!.id, 'pending_payment', null],
      [open[0]!.id, 'waitlisted', 1],
      [open[1]!.id, 'pending_payment', null],
    ]);
    for (const [i, answer] of answers.entries())
      expect(answer).toEqual(await getEnrollmentView(t.db, families[i]!.familyId!, answer.id));
    expect(await writers(answers.map((a) => a.id))).toBe(1);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.programId, hidden.id))).toHaveLength(0);
  });

  it("a family's holds are counted across the batch's programs", async () => {
    const f = await createUserWithSession(t);
    const kids = await Promise.all(Array.from({ length: MAX_UNPAID_HOLDS + 1 }, () => addChild(t, f.headers)));
    const programs = await Promise.all(kids.map(() => createProgram(t)));

    const results = await enrollTogether(
      kids.map((kid, i) => ({ headers: f.headers, childId: kid, programId: programs[i]!.id })),
    );

    expect(results.map((r) => r.statusCode)).toEqual([...kids.slice(1).map(() => 200), 409]);
    expect(body(results.at(-1)!)).toMatchObject({ code: 'HOLD_LIMIT', message: ENROLLMENT_MESSAGES.holdLimit });
    expect(await writers(results.slice(0, -1).map((r) => body<Enrollment>(r).data.id))).toBe(1);
  });

  it('one child asked for in two programs at once: the second is decided after the first, so a clash is seen', async () => {
    const f = await createUserWithSession(t);
    const kid = await addChild(t, f.headers);
    const schedule = { weekdays: [2], startTime: '15:00', endTime: '16:00' };
    const first = await createProgram(t, { ...schedule, title: 'Clash Soccer' });
    const second = await createProgram(t, schedule);

    const [a, b] = await enrollTogether([
      { headers: f.headers, childId: kid, programId: first.id },
      { headers: f.headers, childId: kid, programId: second.id },
    ]);

    expect(a!.statusCode).toBe(200);
    expect(body(b!)).toMatchObject({ code: 'SCHEDULE_CLASH', message: expect.stringContaining('Clash Soccer') });
    const [again, acknowledged] = await enrollTogether([
      { headers: f.headers, childId: kid, programId: first.id },
      { headers: f.headers, childId: kid, programId: second.id, extra: { acknowledgeClash: true } },
    ]);
    expect(body(again!)).toMatchObject({ code: 'ALREADY_ENROLLED' });
    expect(acknowledged!.statusCode).toBe(200);
    const rows = await t.db.select().from(enrollments).where(eq(enrollments.childId, kid));
    expect(rows.map((r) => [r.programId, r.clashAcknowledged]).sort()).toEqual(
      [
        [first.id, false],
        [second.id, true],
      ].sort(),
    );
  });
});

describe("the batch's program locks", () => {
  it('locks the programs asked for and plans the rest of its transaction once, in that transaction only', async () => {
    const [program, other] = await Promise.all([createProgram(t), createProgram(t)]);
    const setting = async (db: typeof t.db) =>
      (
        (await db.execute(sql`select current_setting('plan_cache_mode') as "mode"`)) as unknown as {
          rows: { mode: string }[];
        }
      ).rows[0]!.mode;
    const inside = await t.db.transaction(async (tx) => {
      const missing = '00000000-0000-4000-8000-000000000000';
      const locked = await lockProgramsForBatch(tx, [other.id, missing, program.id]);
      expect([...locked.keys()].sort()).toEqual([program.id, other.id].sort());
      expect(locked.get(program.id)).toMatchObject({ id: program.id, title: program.title });
      return setting(tx);
    });
    expect(inside).toBe('force_generic_plan');
    expect(await setting(t.db)).toBe('auto');
  });
});
