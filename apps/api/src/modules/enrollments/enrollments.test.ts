import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contentPages, enrollments, mailOutbox, programs } from '@kikstart/db';
import type { Paged } from '@kikstart/contract/common';
import type { Enrollment, EnrollmentCheck } from '@kikstart/contract/enrollments';
import { body, createTestApp, TEST_PUBLIC_URL as publicUrl, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession, demoSession, parentsAndCoach } from '../../../test/user-fixtures.ts';
import { expireLapsedHoldsAndOffers } from './enrollment-seats.ts';
import {
  addChild,
  birthDateForAge,
  createProgram,
  daysFromNow,
  enroll,
  waiverVersion,
} from '../../../test/enrollment-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';

type Session = Awaited<ReturnType<typeof createUserWithSession>>;
let t: TestApp;
let parent: Session;
let other: Session;
let coach: Session;
let childId: string;
let otherChildId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ parent, other, coach } = await parentsAndCoach(t));
  childId = await addChild(t, parent.headers, { firstName: 'Leo', grade: 2, dateOfBirth: birthDateForAge(8) });
  otherChildId = await addChild(t, other.headers, { firstName: 'Nia' });
});
afterAll(() => t.close());

const data = <T>(res: Parameters<typeof body>[0]) => body<T>(res).data;
const enrollmentCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(enrollments))[0]!.n;
const list = async (headers: Record<string, string>, qs = '') =>
  data<Paged<Enrollment>>(await t.app.inject({ method: 'GET', url: `/api/enrollments/list${qs}`, headers }));
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
/** A family of its own, for a test that holds seats (a family holds at most MAX_UNPAID_HOLDS). */
const freshParent = async () => {
  const s = await createUserWithSession(t);
  return { headers: s.headers, kid: await addChild(t, s.headers) };
};

describe('enrolling a child', () => {
  it('holds a seat for 30 minutes in pending payment, storing the waiver signature and price', async () => {
    const program = await createProgram(t, { priceCents: 21500 });
    const before = Date.now();
    const res = await enroll(t, parent.headers, childId, program.id, { waiverName: '  Ana Martinez ' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Seat reserved. Complete payment within 30 minutes to confirm it.');
    const e = data<Enrollment>(res);
    expect(e).toMatchObject({
      status: 'pending_payment',
      priceCents: 21500,
      currency: 'usd',
      child: { id: childId, name: 'Leo Martinez' },
    });
    expect(e.waiver).toMatchObject({ name: 'Ana Martinez', version: await waiverVersion(t) });
    const hold = new Date(e.holdExpiresAt!).getTime();
    expect(hold - before).toBeGreaterThan(29 * 60_000);
    expect(hold - before).toBeLessThan(31 * 60_000);
    const again = await enroll(t, parent.headers, childId, program.id);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({
      code: 'ALREADY_ENROLLED',
      message: 'This child is already enrolled in this program',
    });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['waiver name empty', { waiverName: '  ' }, 400, 'Type your full name to sign the waiver'],
    ['waiver name missing', { waiverName: undefined }, 400, 'Type your full name to sign the waiver'],
    ['waiver not accepted', { waiverAccepted: false }, 400, 'Please accept the waiver'],
    ['waiver accepted as text', { waiverAccepted: 'yes' }, 400, 'Please accept the waiver'],
    ['waiver version missing', { waiverVersion: undefined }, 400, 'The waiver has changed; please read it again'],
    ['old waiver version', { waiverVersion: 999 }, 409, 'The waiver has changed; please read it again'],
    ['child id not a uuid', { childId: 'leo' }, 400, 'Must be a valid id'],
    ['program id an array', { programId: ['x'] }, 400, 'Must be a valid id'],
    ['acknowledgeClash as text', { acknowledgeClash: 'true' }, 400, 'Must be true or false'],
    ['huge waiver name', { waiverName: 'x'.repeat(100_000) }, 400, 'Must be at most 200 characters'],
  ])('%s → %i', async (_name, overrides, status, message) => {
    const program = await createProgram(t);
    const before = await enrollmentCount();
    const res = await enroll(t, parent.headers, childId, program.id, overrides);
    expect(res.statusCode).toBe(status);
    expect(body(res).message).toBe(message);
    // The wizard re-reads the waiver on WAIVER_CHANGED; every other refusal is a field error.
    expect(body(res).code).toBe(status === 409 ? 'WAIVER_CHANGED' : 'VALIDATION_FAILED');
    expect(await enrollmentCount()).toBe(before);
  });

  it('checks age and grade ranges against the child', async () => {
    const grades = await createProgram(t, { minGrade: 3, maxGrade: 5 });
    let res = await enroll(t, parent.headers, childId, grades.id);
    expect(res.statusCode).toBe(422);
    expect(body(res).code).toBe('NOT_ELIGIBLE');
    expect(body(res).message).toBe('This program is for grades 3 to 5');
    const kTo1 = await createProgram(t, { minGrade: 0, maxGrade: 1 });
    expect(body(await enroll(t, parent.headers, childId, kTo1.id)).message).toBe('This program is for grades K to 1');
    const ages = await createProgram(t, { minGrade: null, maxGrade: null, minAge: 10, maxAge: 14 });
    res = await enroll(t, parent.headers, childId, ages.id);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('This program is for ages 10 to 14');
    const fits = await createProgram(t, { minGrade: null, maxGrade: null, minAge: 7, maxAge: 9 });
    expect((await enroll(t, parent.headers, childId, fits.id)).statusCode).toBe(200);
  });

  it('refuses ended, unpublished and unknown programs', async () => {
    const ended = await createProgram(t, { firstDate: '2024-01-01', lastDate: '2024-03-01' });
    const res = await enroll(t, parent.headers, childId, ended.id);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('This program is not open for enrollment');
    const draft = await createProgram(t, { published: false });
    expect((await enroll(t, parent.headers, childId, draft.id)).statusCode).toBe(404);
    const unknown = await enroll(t, parent.headers, childId, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Program not found');
  });

  it('warns about a schedule clash until the parent acknowledges it', async () => {
    const { headers, kid } = await freshParent();
    const mondays = await createProgram(t, {
      title: 'Soccer Stars',
      weekdays: [1, 3],
      startTime: '15:15',
      endTime: '16:15',
    });
    const overlapping = await createProgram(t, {
      title: 'Art Club',
      weekdays: [1],
      startTime: '16:00',
      endTime: '17:00',
    });
    const later = await createProgram(t, { title: 'Chess', weekdays: [3], startTime: '16:15', endTime: '17:00' });
    const otherSeason = await createProgram(t, {
      weekdays: [1],
      startTime: '15:00',
      endTime: '16:00',
      firstDate: daysFromNow(60),
      lastDate: daysFromNow(90),
    });
    expect((await enroll(t, headers, kid, mondays.id)).statusCode).toBe(200);
    const res = await enroll(t, headers, kid, overlapping.id);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('This clashes with Soccer Stars on Mondays 3:15 pm–4:15 pm');
    expect(body(res).errors?.clash).toBe('This clashes with Soccer Stars on Mondays 3:15 pm–4:15 pm');
    expect(body(res).code).toBe('SCHEDULE_CLASH');
    const check = async (programId: string) =>
      data<EnrollmentCheck>(
        await t.app.inject({
          method: 'GET',
          url: `/api/children/check-program-enrollment?childId=${kid}&programId=${programId}`,
          headers,
        }),
      );
    expect(await check(overlapping.id)).toMatchObject({
      state: 'eligible',
      canEnroll: true,
      clash: 'This clashes with Soccer Stars on Mondays 3:15 pm–4:15 pm',
    });
    const acknowledged = await enroll(t, headers, kid, overlapping.id, { acknowledgeClash: true });
    expect(acknowledged.statusCode).toBe(200);
    // Back-to-back sessions and a different season do not clash.
    expect(await check(later.id)).toMatchObject({ canEnroll: true, clash: null });
    expect((await enroll(t, headers, kid, otherSeason.id)).statusCode).toBe(200);
  });

  it.runIf(onPostgres)('gives exactly one of two racing parents the last seat', async () => {
    const program = await createProgram(t, { capacity: 1 });
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const kidA = await addChild(t, a.headers);
    const kidB = await addChild(t, b.headers);
    const results = await Promise.all([enroll(t, a.headers, kidA, program.id), enroll(t, b.headers, kidB, program.id)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(body(loser)).toMatchObject({
      code: 'PROGRAM_FULL',
      message: 'This program is full. You can join the waitlist.',
    });
    const seats = await t.db.select().from(enrollments).where(eq(enrollments.programId, program.id));
    expect(seats.map((s) => s.status)).toEqual(['pending_payment']);
  });

  it.runIf(onPostgres)('six parents racing for two seats: exactly two get one', async () => {
    const program = await createProgram(t, { capacity: 2 });
    const racers = await Promise.all(Array.from({ length: 6 }, () => createUserWithSession(t)));
    const kids = await Promise.all(racers.map((r) => addChild(t, r.headers)));
    const results = await Promise.all(racers.map((r, i) => enroll(t, r.headers, kids[i]!, program.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const seats = await t.db.select().from(enrollments).where(eq(enrollments.programId, program.id));
    expect(seats).toHaveLength(2);
  });

  it.runIf(onPostgres)('a family cannot double-enrol one child with two racing requests', async () => {
    const program = await createProgram(t, { capacity: 5 });
    const { headers, kid } = await freshParent();
    const results = await Promise.all([enroll(t, headers, kid, program.id), enroll(t, headers, kid, program.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(body(results.find((r) => r.statusCode === 409)!).message).toBe(
      'This child is already enrolled in this program',
    );
  });

  it('the partial unique index refuses a second live enrollment even without the service', async () => {
    const program = await createProgram(t);
    const { headers, kid } = await freshParent();
    expect((await enroll(t, headers, kid, program.id)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.childId, kid), eq(enrollments.programId, program.id)));
    await expect(t.db.insert(enrollments).values({ ...row!, id: undefined, status: 'waitlisted' })).rejects.toThrow();
  });
});

describe('waitlist', () => {
  it('queues families in order, offers a freed seat to the first for 24 hours, then the next', async () => {
    const program = await createProgram(t, { capacity: 1, title: 'Tiny Tennis' });
    const holder = await createUserWithSession(t);
    const holderKid = await addChild(t, holder.headers);
    const seat = data<Enrollment>(await enroll(t, holder.headers, holderKid, program.id));

    const families: { s: Session; kid: string; id: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await createUserWithSession(t);
      const kid = await addChild(t, s.headers);
      const full = await enroll(t, s.headers, kid, program.id);
      expect(full.statusCode).toBe(409);
      const res = await enroll(t, s.headers, kid, program.id, { joinWaitlist: true });
      expect(res.statusCode).toBe(200);
      expect(body(res).message).toBe('Added to the waitlist');
      families.push({ s, kid, id: data<Enrollment>(res).id });
    }
    const position = async (f: (typeof families)[number]) =>
      (await list(f.s.headers)).items.find((e) => e.id === f.id)!;
    expect(await Promise.all(families.map(async (f) => (await position(f)).waitlistPosition))).toEqual([1, 2, 3]);
    const check = data<EnrollmentCheck>(
      await t.app.inject({
        method: 'GET',
        url: `/api/children/check-program-enrollment?childId=${families[1]!.kid}&programId=${program.id}`,
        headers: families[1]!.s.headers,
      }),
    );
    expect(check, JSON.stringify(check)).toMatchObject({ state: 'waitlisted', waitlistPosition: 2, canEnroll: false });

    // The holder drops out: the first family is offered the seat, positions shift.
    const drop = await post('/api/children/drop-out', holder.headers, {
      enrollmentId: seat.id,
      reason: 'We are moving away',
    });
    expect(drop.statusCode).toBe(200);
    expect(data<Enrollment>(drop)).toMatchObject({ status: 'dropped', dropReason: 'We are moving away' });
    const first = await position(families[0]!);
    expect(first.status).toBe('offered');
    const expiry = new Date(first.offerExpiresAt!).getTime() - Date.now();
    expect(expiry).toBeGreaterThan(23.9 * 3600_000);
    expect(expiry).toBeLessThanOrEqual(24 * 3600_000);
    expect((await position(families[1]!)).waitlistPosition).toBe(1);
    expect((await position(families[2]!)).waitlistPosition).toBe(2);
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, families[0]!.s.email), eq(mailOutbox.template, 'waitlist-offer')));
    expect(mail.map((m) => m.subject)).toEqual(['A seat is open in Tiny Tennis']);
    expect(mail[0]!.links).toContain('http://localhost:3000/account/enrollments');
    // No extra seat for anyone else meanwhile.
    const newcomer = await createUserWithSession(t);
    const newKid = await addChild(t, newcomer.headers);
    expect((await enroll(t, newcomer.headers, newKid, program.id)).statusCode).toBe(409);

    // The offer lapses after 24 hours: the second family is offered the seat.
    const swept = await expireLapsedHoldsAndOffers({ db: t.db, publicUrl, now: new Date(Date.now() + 25 * 3600_000) });
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(swept.offered).toBeGreaterThanOrEqual(1);
    expect((await position(families[0]!)).status).toBe('expired');
    const second = await position(families[1]!);
    expect(second.status).toBe('offered');
    expect((await position(families[2]!)).waitlistPosition).toBe(1);
    const late = await post('/api/enrollments/accept-offer', families[0]!.s.headers, { enrollmentId: families[0]!.id });
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe('This offer has expired');

    // The second family declines: the third is offered; the third accepts.
    const declined = await post('/api/enrollments/decline-offer', families[1]!.s.headers, {
      enrollmentId: families[1]!.id,
    });
    expect(data<Enrollment>(declined).status).toBe('declined');
    expect((await position(families[2]!)).status).toBe('offered');
    const accepted = await post('/api/enrollments/accept-offer', families[2]!.s.headers, {
      enrollmentId: families[2]!.id,
    });
    expect(accepted.statusCode).toBe(200);
    expect(data<Enrollment>(accepted)).toMatchObject({ status: 'pending_payment', offerExpiresAt: null });
    expect(data<Enrollment>(accepted).holdExpiresAt).toBeTruthy();
    const again = await post('/api/enrollments/accept-offer', families[2]!.s.headers, {
      enrollmentId: families[2]!.id,
    });
    expect(body(again).message).toBe('There is no open seat offer for this enrollment');
  });

  it('a lapsed 30-minute payment hold frees the seat for the waitlist', async () => {
    const program = await createProgram(t, { capacity: 1 });
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const kidA = await addChild(t, a.headers);
    const kidB = await addChild(t, b.headers);
    await enroll(t, a.headers, kidA, program.id);
    const waiting = data<Enrollment>(await enroll(t, b.headers, kidB, program.id, { joinWaitlist: true }));
    expect(waiting.status).toBe('waitlisted');
    const status = async () => (await t.db.select().from(enrollments).where(eq(enrollments.id, waiting.id)))[0]!.status;
    await expireLapsedHoldsAndOffers({ db: t.db, publicUrl, now: new Date(Date.now() + 10 * 60_000) });
    expect(await status()).toBe('waitlisted');
    await expireLapsedHoldsAndOffers({ db: t.db, publicUrl, now: new Date(Date.now() + 31 * 60_000) });
    expect(await status()).toBe('offered');
  });

  it('joining the waitlist of a program with seats just takes a seat', async () => {
    const program = await createProgram(t, { capacity: 3 });
    const { headers, kid } = await freshParent();
    const res = await enroll(t, headers, kid, program.id, { joinWaitlist: true });
    expect(data<Enrollment>(res).status).toBe('pending_payment');
  });
});

describe('drop-out', () => {
  it('needs a reason, frees the seat, and cannot be repeated', async () => {
    const program = await createProgram(t, { capacity: 1 });
    const { headers, kid } = await freshParent();
    const e = data<Enrollment>(await enroll(t, headers, kid, program.id));
    const noReason = await post('/api/children/drop-out', headers, { enrollmentId: e.id, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).message).toBe('Please tell us why');
    const tooLong = await post('/api/children/drop-out', headers, { enrollmentId: e.id, reason: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    const ok = await post('/api/children/drop-out', headers, { enrollmentId: e.id, reason: '<b>Schedule changed</b>' });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe('Dropped out of the program');
    expect(data<Enrollment>(ok).dropReason).toBe('<b>Schedule changed</b>');
    const [p] = await t.db.select().from(programs).where(eq(programs.id, program.id));
    const details = data<{ seatsLeft: number }>(
      await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${p!.id}` }),
    );
    expect(details.seatsLeft).toBe(1);
    const twice = await post('/api/children/drop-out', headers, { enrollmentId: e.id, reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(body(twice).message).toBe('This enrollment has already ended');
    // The child can enrol again after dropping out.
    expect((await enroll(t, headers, kid, program.id)).statusCode).toBe(200);
  });

  it('a confirmed enrollment dropped offers its seat to the waitlist', async () => {
    const demo = await demoSession(t, 'parent');
    const [flag] = await t.db.select().from(programs).where(eq(programs.slug, 'sunset-flag-football'));
    const waiting = await createUserWithSession(t);
    const kid = await addChild(t, waiting.headers, { grade: 3 });
    const w = data<Enrollment>(await enroll(t, waiting.headers, kid, flag!.id, { joinWaitlist: true }));
    expect(w).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const mine = await list(demo.headers);
    const arjun = mine.items.find((e) => e.program.id === flag!.id)!;
    expect(arjun.status).toBe('confirmed');
    await post('/api/children/drop-out', demo.headers, { enrollmentId: arjun.id, reason: 'Too many activities' });
    expect((await list(waiting.headers)).items[0]!.status).toBe('offered');
  });
});

describe('reading enrollments', () => {
  it('lists the family’s enrollments with filters and pagination, and a child’s programs', async () => {
    const demo = await demoSession(t, 'parent');
    const all = await list(demo.headers);
    expect(all.items.every((e) => e.child.name.endsWith('Shah'))).toBe(true);
    const maya = all.items.find((e) => e.child.name === 'Maya Shah')!;
    expect(maya).toMatchObject({
      status: 'confirmed',
      statusLabel: 'Enrolled',
      program: { title: 'Soccer Stars', schoolName: 'Lincoln Elementary School' },
    });
    const confirmed = await list(demo.headers, '?status=confirmed&limit=1');
    expect(confirmed.items).toHaveLength(1);
    expect(confirmed.limit).toBe(1);
    const programList = data<Enrollment[]>(
      await t.app.inject({
        method: 'GET',
        url: `/api/children/program-list?childId=${maya.child.id}`,
        headers: demo.headers,
      }),
    );
    expect(programList.map((e) => e.program.title)).toEqual(['Soccer Stars']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/enrollments/list?status=paid', headers: demo.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/enrollments/list?limit=500', headers: demo.headers })).statusCode,
    ).toBe(400);
  });

  it('check-program-enrollment explains enrolled, eligible, full and ineligible', async () => {
    const demo = await demoSession(t, 'parent');
    const kids = data<{ id: string; firstName: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/basic-list', headers: demo.headers }),
    );
    const maya = kids.find((k) => k.firstName === 'Maya')!;
    const bySlug = async (slug: string) => (await t.db.select().from(programs).where(eq(programs.slug, slug)))[0]!;
    const check = async (programSlug: string) =>
      data<EnrollmentCheck>(
        await t.app.inject({
          method: 'GET',
          url: `/api/children/check-program-enrollment?childId=${maya.id}&programId=${(await bySlug(programSlug)).id}`,
          headers: demo.headers,
        }),
      );
    expect(await check('lincoln-soccer-stars')).toMatchObject({ state: 'enrolled', canEnroll: false });
    expect(await check('hillcrest-volleyball')).toMatchObject({
      state: 'ineligible',
      reasons: ['This program is for grades 6 to 8'],
      canEnroll: false,
      canJoinWaitlist: false,
    });
    expect(await check('maple-grove-tennis')).toMatchObject({ state: 'eligible', canEnroll: true, reasons: [] });
    const full = await createProgram(t, { capacity: 0 });
    const res = data<EnrollmentCheck>(
      await t.app.inject({
        method: 'GET',
        url: `/api/children/check-program-enrollment?childId=${maya.id}&programId=${full.id}`,
        headers: demo.headers,
      }),
    );
    expect(res).toMatchObject({ state: 'full', seatsLeft: 0, canEnroll: false, canJoinWaitlist: true });
  });
});

describe('ownership and roles on every child and enrollment endpoint', () => {
  it("another family's child or enrollment is 404 and nothing changes", async () => {
    const program = await createProgram(t, { capacity: 1 });
    const theirs = data<Enrollment>(await enroll(t, other.headers, otherChildId, program.id));
    const before = await enrollmentCount();
    const attempts = [
      {
        method: 'POST' as const,
        url: '/api/enrollments/create',
        payload: {
          childId: otherChildId,
          programId: program.id,
          waiverName: 'X Y',
          waiverAccepted: true,
          waiverVersion: await waiverVersion(t),
        },
        message: 'Child not found',
      },
      {
        method: 'POST' as const,
        url: '/api/children/drop-out',
        payload: { enrollmentId: theirs.id, reason: 'bye' },
        message: 'Enrollment not found',
      },
      {
        method: 'POST' as const,
        url: '/api/enrollments/accept-offer',
        payload: { enrollmentId: theirs.id },
        message: 'Enrollment not found',
      },
      {
        method: 'POST' as const,
        url: '/api/enrollments/decline-offer',
        payload: { enrollmentId: theirs.id },
        message: 'Enrollment not found',
      },
      { method: 'GET' as const, url: `/api/children/program-list?childId=${otherChildId}`, message: 'Child not found' },
      {
        method: 'GET' as const,
        url: `/api/children/check-program-enrollment?childId=${otherChildId}&programId=${program.id}`,
        message: 'Child not found',
      },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({ method: a.method, url: a.url, payload: a.payload, headers: parent.headers });
      expect(res.statusCode, a.url).toBe(404);
      expect(body(res).message).toBe(a.message);
    }
    expect(await enrollmentCount()).toBe(before);
    const [row] = await t.db.select().from(enrollments).where(eq(enrollments.id, theirs.id));
    expect(row!.status).toBe('pending_payment');
    expect((await list(parent.headers)).items.map((e) => e.id)).not.toContain(theirs.id);
  });

  it('401 without a token, 403 for coach and admin, 400 for non-uuid ids', async () => {
    const admin = await createUserWithSession(t, { role: 'admin' });
    const id = '00000000-0000-4000-8000-000000000000';
    const endpoints = [
      {
        method: 'POST' as const,
        url: '/api/enrollments/create',
        payload: { childId: id, programId: id, waiverName: 'A B', waiverAccepted: true, waiverVersion: 1 },
      },
      { method: 'GET' as const, url: '/api/enrollments/list' },
      { method: 'POST' as const, url: '/api/enrollments/accept-offer', payload: { enrollmentId: id } },
      { method: 'POST' as const, url: '/api/enrollments/decline-offer', payload: { enrollmentId: id } },
      { method: 'POST' as const, url: '/api/children/drop-out', payload: { enrollmentId: id, reason: 'x' } },
      { method: 'GET' as const, url: `/api/children/program-list?childId=${id}` },
      { method: 'GET' as const, url: `/api/children/check-program-enrollment?childId=${id}&programId=${id}` },
    ];
    for (const e of endpoints) {
      expect((await t.app.inject(e)).statusCode, e.url).toBe(401);
      expect((await t.app.inject({ ...e, headers: coach.headers })).statusCode, e.url).toBe(403);
      expect((await t.app.inject({ ...e, headers: admin.headers })).statusCode, e.url).toBe(403);
    }
    const bad = [
      { method: 'POST' as const, url: '/api/children/drop-out', payload: { enrollmentId: 'abc', reason: 'x' } },
      { method: 'POST' as const, url: '/api/enrollments/accept-offer', payload: { enrollmentId: null } },
      { method: 'GET' as const, url: '/api/children/program-list?childId=1%20or%201=1' },
      { method: 'GET' as const, url: `/api/children/check-program-enrollment?childId=${id}` },
    ];
    for (const e of bad) {
      const res = await t.app.inject({ ...e, headers: parent.headers });
      expect(res.statusCode, e.url).toBe(400);
      expect(body(res).message).toBe('Must be a valid id');
    }
  });
});

describe('waiver version', () => {
  it('a changed waiver must be read again', async () => {
    const program = await createProgram(t);
    const { headers, kid } = await freshParent();
    const old = await waiverVersion(t);
    await t.db
      .update(contentPages)
      .set({ version: old + 1 })
      .where(eq(contentPages.key, 'waiver-data'));
    const res = await enroll(t, headers, kid, program.id, { waiverVersion: old });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('The waiver has changed; please read it again');
    expect((await enroll(t, headers, kid, program.id, { waiverVersion: old + 1 })).statusCode).toBe(200);
  });
});
