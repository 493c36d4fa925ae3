import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enrollments, mailOutbox, users } from '@kikstart/db';
import { ENROLLMENT_MESSAGES, MAX_UNPAID_HOLDS, type Enrollment } from '@kikstart/contract/enrollments';
import {
  body,
  createTestApp,
  errorEnvelope,
  TEST_PUBLIC_URL as publicUrl,
  type TestApp,
} from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { expireLapsedHoldsAndOffers } from './enrollment-seats.ts';
import { addChild, createProgram, enroll } from '../../../test/enrollment-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';

let t: TestApp;
const clock = new ManualClock();

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const data = <T>(res: Parameters<typeof body>[0]) => body<T>(res).data;
const sweep = () => expireLapsedHoldsAndOffers({ db: t.db, publicUrl, now: clock.now() });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const mails = (to: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
const rowOf = async (id: string) => (await t.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;

/** A parent with `kids` children, ready to enroll. */
async function family(kids = 1) {
  const s = await createUserWithSession(t);
  const children: string[] = [];
  for (let i = 0; i < kids; i++) children.push(await addChild(t, s.headers, { firstName: `Kid${i}` }));
  return { ...s, children };
}

describe('who may hold an unpaid seat', () => {
  it('an unverified email cannot hold a seat (403, nothing stored), but may join a waitlist', async () => {
    const f = await family();
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, f.userId));
    const program = await createProgram(t);
    const res = await enroll(t, f.headers, f.children[0]!, program.id);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual(errorEnvelope('EMAIL_UNVERIFIED', ENROLLMENT_MESSAGES.emailUnverified));
    expect(await t.db.select().from(enrollments).where(eq(enrollments.familyId, f.familyId!))).toHaveLength(0);

    const full = await createProgram(t, { capacity: 0 });
    const waiting = await enroll(t, f.headers, f.children[0]!, full.id, { joinWaitlist: true });
    expect(waiting.statusCode).toBe(200);
    expect(data<Enrollment>(waiting).status).toBe('waitlisted');
  });

  it(`a family holds at most ${MAX_UNPAID_HOLDS} unpaid seats at once, across programs; waitlist places do not count`, async () => {
    const f = await family(5);
    const programs = await Promise.all(Array.from({ length: 4 }, () => createProgram(t)));
    const held: Enrollment[] = [];
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++) {
      const res = await enroll(t, f.headers, f.children[i]!, programs[i]!.id);
      expect(res.statusCode).toBe(200);
      held.push(data<Enrollment>(res));
    }
    const fourth = await enroll(t, f.headers, f.children[3]!, programs[3]!.id);
    expect(fourth.statusCode).toBe(409);
    expect(body(fourth)).toMatchObject({ status: 409, code: 'HOLD_LIMIT', message: ENROLLMENT_MESSAGES.holdLimit });
    expect(await t.db.select().from(enrollments).where(eq(enrollments.programId, programs[3]!.id))).toHaveLength(0);

    // A waitlist place is not a hold.
    const full = await createProgram(t, { capacity: 0 });
    expect(data<Enrollment>(await enroll(t, f.headers, f.children[4]!, full.id, { joinWaitlist: true })).status).toBe(
      'waitlisted',
    );

    // Dropping a hold frees a place for another.
    expect(
      (await post('/api/children/drop-out', f.headers, { enrollmentId: held[0]!.id, reason: 'Changed our mind' }))
        .statusCode,
    ).toBe(200);
    expect((await enroll(t, f.headers, f.children[3]!, programs[3]!.id)).statusCode).toBe(200);
  });

  it.runIf(onPostgres)('twelve invented children racing for twelve seats get three', async () => {
    const f = await family(12);
    const program = await createProgram(t, { capacity: 12 });
    const results = await Promise.all(f.children.map((kid) => enroll(t, f.headers, kid, program.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(MAX_UNPAID_HOLDS);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => body(r).message === ENROLLMENT_MESSAGES.holdLimit),
    ).toBe(true);
    const seats = await t.db.select().from(enrollments).where(eq(enrollments.programId, program.id));
    expect(seats).toHaveLength(MAX_UNPAID_HOLDS);
  });

  it('a lapsed hold no longer counts, even before the sweeper has ended it', async () => {
    const f = await family(4);
    const programs = await Promise.all(Array.from({ length: 4 }, () => createProgram(t)));
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++)
      expect((await enroll(t, f.headers, f.children[i]!, programs[i]!.id)).statusCode).toBe(200);
    clock.advanceMinutes(31);
    expect((await enroll(t, f.headers, f.children[3]!, programs[3]!.id)).statusCode).toBe(200);
  });

  it('accepting a waitlist offer is a hold: refused for an unverified email and at the cap, and the offer stays open', async () => {
    const f = await family(4);
    const tiny = await createProgram(t, { capacity: 1 });
    const holder = await family();
    const seat = data<Enrollment>(await enroll(t, holder.headers, holder.children[0]!, tiny.id));
    const waiting = data<Enrollment>(await enroll(t, f.headers, f.children[0]!, tiny.id, { joinWaitlist: true }));
    expect(
      (await post('/api/children/drop-out', holder.headers, { enrollmentId: seat.id, reason: 'Moving away' }))
        .statusCode,
    ).toBe(200);
    expect((await rowOf(waiting.id)).status).toBe('offered');

    for (let i = 1; i <= MAX_UNPAID_HOLDS; i++)
      expect((await enroll(t, f.headers, f.children[i]!, (await createProgram(t)).id)).statusCode).toBe(200);
    const atCap = await post('/api/enrollments/accept-offer', f.headers, { enrollmentId: waiting.id });
    expect(atCap.statusCode).toBe(409);
    expect(body(atCap).message).toBe(ENROLLMENT_MESSAGES.holdLimit);
    expect((await rowOf(waiting.id)).status).toBe('offered');

    clock.advanceMinutes(31); // the three holds lapse; the 24-hour offer does not
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, f.userId));
    const unverified = await post('/api/enrollments/accept-offer', f.headers, { enrollmentId: waiting.id });
    expect(unverified.statusCode).toBe(403);
    expect(body(unverified).message).toBe(ENROLLMENT_MESSAGES.emailUnverified);
    expect((await rowOf(waiting.id)).status).toBe('offered');

    await t.db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.id, f.userId));
    const accepted = await post('/api/enrollments/accept-offer', f.headers, { enrollmentId: waiting.id });
    expect(accepted.statusCode).toBe(200);
    expect(data<Enrollment>(accepted).status).toBe('pending_payment');
  });
});

describe('mails about a hold', () => {
  it('mails the family once, 10 minutes before the hold lapses, and again when it lapses', async () => {
    const f = await family();
    const program = await createProgram(t, { title: 'Riverside Rowing' });
    const start = clock.now().getTime();
    const e = data<Enrollment>(await enroll(t, f.headers, f.children[0]!, program.id));
    expect(new Date(e.holdExpiresAt!).getTime()).toBe(start + 30 * 60_000);

    clock.set(new Date(start + 19 * 60_000 + 59_000));
    await sweep();
    expect(await mails(f.email, 'hold-reminder')).toHaveLength(0);

    clock.set(new Date(start + 20 * 60_000)); // T-10 minutes
    await sweep();
    await sweep();
    const reminders = await mails(f.email, 'hold-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toContain('Kid0 Martinez');
    expect(reminders[0]!.subject).toContain('Riverside Rowing');
    expect(reminders[0]!.text).toContain(new Date(start + 30 * 60_000).toUTCString());
    expect(reminders[0]!.links).toContain(`${publicUrl}/account/enrollments`);
    expect((await rowOf(e.id)).reminderSentAt).toEqual(clock.now());

    for (const minute of [21, 25, 29]) {
      clock.set(new Date(start + minute * 60_000));
      await sweep();
    }
    expect(await mails(f.email, 'hold-reminder')).toHaveLength(1);
    expect(await mails(f.email, 'hold-lapsed')).toHaveLength(0);
    expect((await rowOf(e.id)).status).toBe('pending_payment');

    clock.set(new Date(start + 30 * 60_000));
    await sweep();
    await sweep();
    expect((await rowOf(e.id)).status).toBe('expired');
    const lapsed = await mails(f.email, 'hold-lapsed');
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]!.subject).toBe('The seat hold for Kid0 Martinez in Riverside Rowing has ended');
    expect(await mails(f.email, 'hold-reminder')).toHaveLength(1);
  });

  it.runIf(onPostgres)('two sweepers at once (two API processes) send one reminder and one lapse mail', async () => {
    const f = await family();
    const start = clock.now().getTime();
    const e = data<Enrollment>(await enroll(t, f.headers, f.children[0]!, (await createProgram(t)).id));
    clock.set(new Date(start + 20 * 60_000));
    await Promise.all([sweep(), sweep(), sweep()]);
    expect(await mails(f.email, 'hold-reminder')).toHaveLength(1);
    clock.set(new Date(start + 30 * 60_000));
    await Promise.all([sweep(), sweep(), sweep()]);
    expect((await rowOf(e.id)).status).toBe('expired');
    expect(await mails(f.email, 'hold-lapsed')).toHaveLength(1);
  });

  it('a hold that ends before its reminder is due (dropped) gets neither mail', async () => {
    const f = await family();
    const e = data<Enrollment>(await enroll(t, f.headers, f.children[0]!, (await createProgram(t)).id));
    await post('/api/children/drop-out', f.headers, { enrollmentId: e.id, reason: 'Wrong program' });
    clock.advanceMinutes(25);
    await sweep();
    clock.advanceMinutes(10);
    await sweep();
    expect(await mails(f.email, 'hold-reminder')).toHaveLength(0);
    expect(await mails(f.email, 'hold-lapsed')).toHaveLength(0);
  });
});

describe('an enrollment in a program with something due (the sweep runs in its turn, under the lock)', () => {
  it('ends a lapsed hold first, mails its family, and takes the freed seat', async () => {
    const program = await createProgram(t, { capacity: 1, title: 'Harbor Sailing' });
    const a = await family();
    const first = data<Enrollment>(await enroll(t, a.headers, a.children[0]!, program.id));
    clock.advanceMinutes(31);
    const b = await family();
    const res = await enroll(t, b.headers, b.children[0]!, program.id);
    expect(res.statusCode).toBe(200);
    expect(data<Enrollment>(res).status).toBe('pending_payment');
    expect((await rowOf(first.id)).status).toBe('expired');
    expect(await mails(a.email, 'hold-lapsed')).toHaveLength(1);
  });

  it('offers the freed seat to the waitlist before a newcomer, who queues behind', async () => {
    const program = await createProgram(t, { capacity: 1 });
    const [a, b, c] = [await family(), await family(), await family()];
    const held = data<Enrollment>(await enroll(t, a.headers, a.children[0]!, program.id));
    const waiting = data<Enrollment>(await enroll(t, b.headers, b.children[0]!, program.id, { joinWaitlist: true }));
    expect(waiting.status).toBe('waitlisted');
    clock.advanceMinutes(31);
    const late = await enroll(t, c.headers, c.children[0]!, program.id, { joinWaitlist: true });
    expect(late.statusCode).toBe(200);
    expect(data<Enrollment>(late)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await rowOf(held.id)).status).toBe('expired');
    expect((await rowOf(waiting.id)).status).toBe('offered');
    expect(await mails(b.email, 'waitlist-offer')).toHaveLength(1);
  });

  it('sends a hold its reminder once, and the enrollment goes on', async () => {
    const program = await createProgram(t);
    const a = await family();
    const held = data<Enrollment>(await enroll(t, a.headers, a.children[0]!, program.id));
    clock.advanceMinutes(21);
    const b = await family();
    expect((await enroll(t, b.headers, b.children[0]!, program.id)).statusCode).toBe(200);
    const c = await family();
    expect((await enroll(t, c.headers, c.children[0]!, program.id)).statusCode).toBe(200);
    expect(await mails(a.email, 'hold-reminder')).toHaveLength(1);
    expect((await rowOf(held.id)).reminderSentAt).toEqual(clock.now());
  });
});
