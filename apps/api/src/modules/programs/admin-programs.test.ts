import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, enrollments, programs } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminProgram, AdminProgramRow, CoachOption } from '@kikstart/contract/admin-catalog';
import type { Paged } from '@kikstart/contract/common';
import type { ProgramDetails, ProgramSummary } from '@kikstart/contract/programs';
import { body, useTestApp } from '../../../test/test-app.ts';
import { programInput } from '../../../test/catalog-fixtures.ts';
import { addChild, createProgram, enroll } from '../../../test/enrollment-fixtures.ts';
import { createUserWithSession, mailsTo, verifiedParent } from '../../../test/user-fixtures.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { plainJpeg } from '../../../test/file-fixtures.ts';

const t = useTestApp();
const admin = async () => (await createUserWithSession(t, { role: 'admin' })).headers;
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function created(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await send('POST', '/admin/programs', headers, programInput(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return body<AdminProgram>(res).data;
}

describe('admin programs: create, publish, public catalog', () => {
  it('creates an unpublished program with its schedule, price, coach and activities; publishing shows it publicly', async () => {
    const headers = await admin();
    const coach = await createUserWithSession(t, { role: 'coach', firstName: 'Dana', lastName: 'Reyes' });
    const coaches = body<CoachOption[]>(await send('GET', '/admin/programs/coaches', headers)).data;
    expect(coaches.map((c) => c.id)).toContain(coach.userId);

    const program = await created(headers, { coachId: coach.userId, title: 'Harbor Tennis Created' });
    expect(program).toMatchObject({
      published: false,
      slug: 'harbor-tennis-created',
      weekdays: [2, 4],
      priceCents: 24_900,
      capacity: 12,
      coachId: coach.userId,
      seatsTaken: 0,
    });
    expect(program.activities.map((a) => a.title)).toEqual(['Grip and ready position', 'Rally day']);
    const details = () => send('GET', `/programs/details?id=${program.id}`, {});
    expect((await details()).statusCode).toBe(404);

    const published = await send('POST', `/admin/programs/${program.id}/published`, headers, { published: true });
    expect(published.statusCode).toBe(200);
    const shown = body<ProgramDetails>(await details()).data;
    expect(shown).toMatchObject({
      priceCents: 24_900,
      startTime: '15:30',
      weekdays: [2, 4],
      coach: { name: 'Dana R.' },
    });
    expect(shown.activities).toHaveLength(2);
    const list = await send('GET', '/programs/all-list?limit=50&q=Harbor%20Park&searchBy=location', {});
    expect(list.headers['cache-control']).toBe('no-store');
    expect(body<Paged<ProgramSummary>>(list).data.items.map((p) => p.id)).toContain(program.id);

    // A second program of the same title gets its own slug.
    expect((await created(headers, { title: 'Harbor Tennis Created' })).slug).toBe('harbor-tennis-created-2');
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/admin/programs'));
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('lists every program with search, published and school filters, sorting and paging', async () => {
    const headers = await admin();
    const draft = await created(headers, { title: 'Zebra Draft Listing' });
    const page = async (qs: string) => {
      const res = await send('GET', `/admin/programs?${qs}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return body<AdminPage<AdminProgramRow>>(res).data;
    };
    const found = await page('q=zebra%20draft');
    expect(found.items.map((p) => p.id)).toEqual([draft.id]);
    expect((await page('q=zebra%20draft&published=true')).total).toBe(0);
    expect((await page('q=zebra%20draft&published=false')).total).toBe(1);
    const sorted = await page('sort=-priceCents&pageSize=10');
    const prices = sorted.items.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(sorted.items).toHaveLength(10);
    expect(sorted.total).toBeGreaterThan(10);
    // The seeded full program: seats taken from the same count the public catalog uses.
    const flag = (await page('q=Flag%20Football')).items.find((p) => p.title === 'Flag Football');
    expect(flag).toMatchObject({ seatsTaken: flag!.capacity, published: true });
    expect((await send('GET', '/admin/programs?sort=secret', headers)).statusCode).toBe(400);
    expect((await send('GET', '/admin/programs?schoolId=nope', headers)).statusCode).toBe(400);
  });

  it('refuses missing, malformed, oversized and hostile input with field messages, storing nothing', async () => {
    const headers = await admin();
    const before = (await t.db.select({ id: programs.id }).from(programs)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ title: 'x'.repeat(121) }, 'title', 'Must be at most 120 characters'],
      [{ title: 'Bad\u0000title' }, 'title', 'Must not contain invalid characters'],
      [{ weekdays: [] }, 'weekdays', 'Choose at least one weekday'],
      [{ weekdays: [8] }, 'weekdays.0', 'Weekdays are 1 (Monday) to 7 (Sunday)'],
      [{ startTime: '25:00' }, 'startTime', 'Start time must be HH:MM (24-hour)'],
      [{ endTime: '15:00' }, 'endTime', 'End time must be after the start time'],
      [{ lastDate: '2020-01-01' }, 'lastDate', 'Last date must be on or after the first date'],
      [{ capacity: 0 }, 'capacity', 'Capacity must be at least 1'],
      [{ capacity: 100_000 }, 'capacity', 'Capacity must be at most 500'],
      [{ priceCents: 19.5 }, 'priceCents', 'Price is in whole cents'],
      [{ priceCents: -1 }, 'priceCents', 'Price cannot be negative'],
      [{ locationType: 'at_my_school' }, 'schoolId', 'Choose the school this class runs at'],
      [{ venueAddress: '' }, 'venueAddress', 'Venue address is required without a school'],
      [{ description: 'x'.repeat(20_001) }, 'description', 'Must be at most 20000 characters'],
    ];
    for (const [override, field, message] of cases) {
      const res = await send('POST', '/admin/programs', headers, programInput(override));
      expect(res.statusCode, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(body(res).errors?.[field], field).toBe(message);
    }
    const oneDay = programInput({ weekdays: [1], firstDate: '2031-06-03', lastDate: '2031-06-04' });
    expect(body(await send('POST', '/admin/programs', headers, oneDay)).errors?.weekdays).toBe(
      'No session falls on these weekdays between the first and last date',
    );
    const parent = await createUserWithSession(t);
    const notCoach = await send('POST', '/admin/programs', headers, programInput({ coachId: parent.userId }));
    expect(notCoach.statusCode).toBe(400);
    expect(body(notCoach)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { coachId: expect.any(String) } });
    const noSchool = await send('POST', '/admin/programs', headers, programInput({ schoolId: UNKNOWN }));
    expect(body(noSchool).errors).toEqual({ schoolId: 'School not found' });
    expect((await send('POST', '/admin/programs', headers, 'not json')).statusCode).toBe(415);
    expect((await send('POST', '/admin/programs', headers, {})).statusCode).toBe(400);
    expect((await t.db.select({ id: programs.id }).from(programs)).length).toBe(before);
  });

  it('answers 404 for unknown programs and 400 for malformed ids', async () => {
    const headers = await admin();
    for (const [method, url, payload] of [
      ['GET', `/admin/programs/${UNKNOWN}`, undefined],
      ['PUT', `/admin/programs/${UNKNOWN}`, programInput()],
      ['POST', `/admin/programs/${UNKNOWN}/published`, { published: true }],
      ['DELETE', `/admin/programs/${UNKNOWN}`, undefined],
    ] as const) {
      const res = await send(method, url, headers, payload);
      expect(res.statusCode, url).toBe(404);
      expect(body(res).code).toBe('NOT_FOUND');
    }
    expect((await send('GET', '/admin/programs/not-an-id', headers)).statusCode).toBe(400);
  });

  it('refuses parents and coaches', async () => {
    const parent = await createUserWithSession(t);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await send('GET', '/admin/programs', parent.headers)).statusCode).toBe(403);
    expect((await send('POST', '/admin/programs', coach.headers, programInput())).statusCode).toBe(403);
    expect((await send('GET', '/admin/programs', {})).statusCode).toBe(401);
  });
});

describe('admin programs: capacity and the waitlist', () => {
  it('raising capacity offers the new seats to the waitlist in order; lowering below the seats taken is refused', async () => {
    const headers = await admin();
    const program = await createProgram(t, { capacity: 1 });
    const families = [];
    for (let i = 0; i < 3; i++) {
      const parent = await verifiedParent(t);
      const childId = await addChild(t, parent.headers);
      const res = await enroll(t, parent.headers, childId, program.id, { joinWaitlist: true });
      expect(res.statusCode, res.body).toBe(200);
      families.push(parent);
    }
    const form = async () => {
      const p = body<AdminProgram>(await send('GET', `/admin/programs/${program.id}`, headers)).data;
      const {
        id: _i,
        slug: _s,
        currency: _c,
        imageUrl: _u,
        published: _p,
        seatsTaken: _t,
        waitlist: _w,
        enrollments: _e,
        ...rest
      } = p;
      return { ...rest, activities: rest.activities.map(({ title, description }) => ({ title, description })) };
    };
    expect(body<AdminProgram>(await send('GET', `/admin/programs/${program.id}`, headers)).data).toMatchObject({
      seatsTaken: 1,
      waitlist: 2,
    });

    const raised = await send('PUT', `/admin/programs/${program.id}`, headers, { ...(await form()), capacity: 2 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(body(raised).message).toBe('Program saved. 1 new seat was offered to the waitlist.');
    const statuses = await t.db
      .select({ status: enrollments.status, familyId: enrollments.familyId })
      .from(enrollments)
      .where(eq(enrollments.programId, program.id));
    const statusOf = (familyId: string | null) => statuses.find((s) => s.familyId === familyId)?.status;
    // First come, first offered: the second family (first on the waitlist) gets the seat.
    expect(statusOf(families[1]!.familyId)).toBe('offered');
    expect(statusOf(families[2]!.familyId)).toBe('waitlisted');
    expect((await mailsTo(t, families[1]!.email)).map((m) => m.subject)).toContain(
      `A seat is open in ${program.title}`,
    );

    const lowered = await send('PUT', `/admin/programs/${program.id}`, headers, { ...(await form()), capacity: 1 });
    expect(lowered.statusCode).toBe(409);
    expect(body(lowered)).toMatchObject({
      code: 'CAPACITY_BELOW_TAKEN',
      message: '2 seats are taken: the capacity cannot be lower than 2.',
      errors: { capacity: '2 seats are taken: the capacity cannot be lower than 2.' },
    });
    const [row] = await t.db.select({ capacity: programs.capacity }).from(programs).where(eq(programs.id, program.id));
    expect(row!.capacity).toBe(2);
  });

  it('unpublishing keeps enrollments; deleting one with enrollments is refused, without allowed', async () => {
    const headers = await admin();
    const program = await createProgram(t);
    const parent = await verifiedParent(t);
    const childId = await addChild(t, parent.headers);
    expect((await enroll(t, parent.headers, childId, program.id)).statusCode).toBe(200);
    const off = await send('POST', `/admin/programs/${program.id}/published`, headers, { published: false });
    expect(body<AdminProgram>(off).data).toMatchObject({ published: false, enrollments: 1 });
    expect((await send('GET', `/programs/details?id=${program.id}`, {})).statusCode).toBe(404);
    const refused = await send('DELETE', `/admin/programs/${program.id}`, headers);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'IN_USE', message: expect.stringContaining('Unpublish it instead') });
    expect(await t.db.select().from(enrollments).where(eq(enrollments.programId, program.id))).toHaveLength(1);

    const empty = await created(headers);
    expect((await send('DELETE', `/admin/programs/${empty.id}`, headers)).statusCode).toBe(200);
    expect(await t.db.select().from(programs).where(eq(programs.id, empty.id))).toHaveLength(0);
  });

  it('uploads a picture through the image pipeline and replaces the old one', async () => {
    const headers = await admin();
    const program = await created(headers);
    const upload = async (bytes: Buffer, alt = 'Two kids at the net') => {
      const form = multipartForm(
        { imageAlt: alt },
        { field: 'image', filename: 'court.jpg', type: 'image/jpeg', bytes },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/programs/${program.id}/image`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    };
    const res = await upload(await plainJpeg());
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AdminProgram>(res).data).toMatchObject({
      imageUrl: expect.stringMatching(/^\/uploads\/programs\/[0-9a-f]{32}\.jpg$/),
      imageAlt: 'Two kids at the net',
    });
    const bad = await upload(Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(bad.statusCode).toBe(415);
    const missing = multipartForm({ imageAlt: 'x' });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/admin/programs/${program.id}/image`,
      headers: { ...headers, ...missing.headers },
      payload: missing.payload,
    });
    expect(body(none).errors).toEqual({ image: 'Choose a JPEG or PNG picture' });
  });
});
