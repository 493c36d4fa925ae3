import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, pickupRefusals, sessionAttendance } from '@kikstart/db';
import type { Roster } from '@kikstart/contract/coach';
import { addDays } from '@kikstart/contract/schedule';
import { body, useTestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { enrollDirectly, familyInProgram, programMeetingOn } from '../../../test/coach-fixtures.ts';
import { addChild } from '../../../test/enrollment-fixtures.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { plainJpeg } from '../../../test/file-fixtures.ts';
import { guardedRoutes } from '../../plugins/auth.ts';
import { pickupPersonId } from './pickup-list.ts';

// 11:00 in Los Angeles on Wednesday 2026-03-04: a session day of every program made below.
const TODAY = '2026-03-04';
const clock = new ManualClock(new Date('2026-03-04T19:00:00Z'));
const t = useTestApp({}, undefined, { clock });

const ROSTER_ROUTE = '/api/coach/programs/:programId/sessions/:date/roster';
const AUNT = { name: 'Rosa Lopez', relation: 'Aunt', phone: '(415) 555 0188' };

async function cast() {
  const coach = await createUserWithSession(t, { role: 'coach' });
  const otherCoach = await createUserWithSession(t, { role: 'coach' });
  const admin = await createUserWithSession(t, { role: 'admin' });
  const program = await programMeetingOn(t, TODAY, { coachId: coach.userId });
  const family = await familyInProgram(t, program.id);
  return { coach, otherCoach, admin, program, ...family };
}

const inject = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

const rosterUrl = (programId: string, day = TODAY) => `/api/coach/programs/${programId}/sessions/${day}/roster`;
const attendanceUrl = (programId: string, childId: string, day = TODAY) =>
  `/api/coach/programs/${programId}/sessions/${day}/attendance/${childId}`;
const pickupUrl = (programId: string, childId: string, day = TODAY) =>
  `/api/coach/programs/${programId}/sessions/${day}/pickup/${childId}`;

describe('coach portal authorization, generated from the registered /api/coach routes', () => {
  type Request = { payload?: object; headers?: Record<string, string> };
  /**
   * A valid request for each route, and whose it is. `program`: the program's coach and admins
   * (another coach 404, as for a missing program). `list`: each coach their own programs.
   * `profile`: each coach their own profile; an admin without the coach role 403 (admins edit
   * coaches in the console). A new /api/coach route without an entry here fails the matrix.
   */
  const ROUTES: Record<
    string,
    { scope: 'program' | 'list' | 'profile'; request?: (who: { parentId: string; jpeg: Buffer }) => Request }
  > = {
    'GET /api/coach/programs': { scope: 'list' },
    'GET /api/coach/programs/:programId/sessions': { scope: 'program' },
    [`GET ${ROSTER_ROUTE}`]: { scope: 'program' },
    'PUT /api/coach/programs/:programId/sessions/:date/attendance/:childId': {
      scope: 'program',
      request: () => ({ payload: { status: 'late' } }),
    },
    'POST /api/coach/programs/:programId/sessions/:date/pickup/:childId': {
      scope: 'program',
      request: ({ parentId }) => ({ payload: { personId: parentId } }),
    },
    'GET /api/coach/profile': { scope: 'profile' },
    'PUT /api/coach/profile': { scope: 'profile', request: () => ({ payload: { bio: 'Coach since 2015.' } }) },
    'POST /api/coach/profile/photo': {
      scope: 'profile',
      request: ({ jpeg }) => multipartForm({}, { field: 'photo', filename: 'me.jpg', type: 'image/jpeg', bytes: jpeg }),
    },
  };

  it('anonymous 401, parent 403, coach of another program 404, this coach 200; admin 200 (403 on a coach’s own profile)', async () => {
    const { coach, otherCoach, admin, program, parent, childId } = await cast();
    const jpeg = await plainJpeg();
    // HEAD twins of the GETs answer the same way; the GET stands for both.
    const routes = guardedRoutes(t.app).filter((r) => r.url.startsWith('/api/coach/') && r.method !== 'HEAD');
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const route of routes) {
      const url = route.url.replace(':programId', program.id).replace(':date', TODAY).replace(':childId', childId);
      const { scope, request } = ROUTES[`${route.method} ${route.url}`]!;
      const ask = (headers: Record<string, string> = {}) => {
        const sent = request?.({ parentId: parent.userId, jpeg }) ?? {};
        return inject(route.method, url, { ...headers, ...sent.headers }, sent.payload);
      };
      const label = `${route.method} ${route.url}`;
      expect((await ask()).statusCode, `${label} anonymous`).toBe(401);
      expect((await ask(parent.headers)).statusCode, `${label} parent`).toBe(403);
      const other = await ask(otherCoach.headers);
      expect(other.statusCode, `${label} other coach`).toBe(scope === 'program' ? 404 : 200);
      if (scope === 'list') expect(body<{ id: string }[]>(other).data.map((p) => p.id)).not.toContain(program.id);
      if (scope === 'profile') expect(body<{ id: string }>(other).data.id).toBe(otherCoach.userId);
      const own = await ask(coach.headers);
      expect(own.statusCode, `${label} coach`).toBe(200);
      if (scope === 'list') expect(body<{ id: string }[]>(own).data.map((p) => p.id)).toEqual([program.id]);
      if (scope === 'profile') expect(body<{ id: string }>(own).data.id).toBe(coach.userId);
      expect((await ask(admin.headers)).statusCode, `${label} admin`).toBe(scope === 'profile' ? 403 : 200);
    }
  });

  it('the admin routes of sessions: anonymous 401, parent and coach 403, admin 200', async () => {
    const { coach, admin, program, parent } = await cast();
    const cases = [
      { method: 'GET', url: `/api/admin/programs/${program.id}/skipped-dates` },
      {
        method: 'POST',
        url: `/api/admin/programs/${program.id}/skipped-dates`,
        payload: { date: addDays(TODAY, 7), reason: 'Spring break' },
      },
      { method: 'DELETE', url: `/api/admin/programs/${program.id}/skipped-dates/${addDays(TODAY, 7)}` },
      { method: 'GET', url: '/api/admin/pickup-refusals' },
    ];
    for (const c of cases) {
      const ask = (headers?: Record<string, string>) => inject(c.method, c.url, headers, c.payload);
      expect((await ask()).statusCode, c.url).toBe(401);
      expect((await ask(parent.headers)).statusCode, c.url).toBe(403);
      expect((await ask(coach.headers)).statusCode, c.url).toBe(403);
      expect((await ask(admin.headers)).statusCode, `${c.method} ${c.url}`).toBe(200);
    }
  });
});

describe('roster', () => {
  it("lists the session's children with allergies, medical notes, contacts, pickup list and photo consent", async () => {
    const { coach, program, parent, childId } = await cast();
    const res = await inject('GET', rosterUrl(program.id), coach.headers);
    expect(res.statusCode).toBe(200);
    const roster = body<Roster>(res).data;
    expect(roster).toMatchObject({ date: TODAY, when: 'today', program: { id: program.id } });
    expect(roster.children).toEqual([
      expect.objectContaining({
        id: childId,
        firstName: 'Leo',
        hasAllergies: true,
        allergyDetails: expect.stringContaining('Peanuts'),
        medicalNotes: expect.stringContaining('asthma'),
        emergencyContacts: [expect.objectContaining({ name: 'Ana Martinez' })],
        photoConsent: true,
        attendance: null,
        pickupList: [
          {
            id: parent.userId,
            kind: 'guardian',
            name: 'Ana Martinez',
            relation: 'Guardian',
            phone: expect.any(String),
          },
          {
            id: pickupPersonId(AUNT),
            kind: 'pickup_person',
            name: AUNT.name,
            relation: AUNT.relation,
            phone: expect.any(String),
          },
        ],
      }),
    ]);
    expect(JSON.stringify(roster)).not.toMatch(/price|payment|cents/i);
  });

  it('contains no child of another program, and no child who is only waitlisted or dropped', async () => {
    const { coach, program, childId } = await cast();
    const otherProgram = await programMeetingOn(t, TODAY, { coachId: coach.userId });
    const elsewhere = await familyInProgram(t, otherProgram.id, { firstName: 'Mia' });
    const waiting = await familyInProgram(t, program.id, { status: 'waitlisted', firstName: 'Noah' });
    const dropped = await familyInProgram(t, program.id, { status: 'dropped', firstName: 'Ava' });
    const ids = body<Roster>(await inject('GET', rosterUrl(program.id), coach.headers)).data.children.map((c) => c.id);
    expect(ids).toEqual([childId]);
    for (const stranger of [elsewhere.childId, waiting.childId, dropped.childId]) {
      const res = await inject('PUT', attendanceUrl(program.id, stranger), coach.headers, { status: 'present' });
      expect(res.statusCode).toBe(404);
    }
  });

  it('every staff read is in the audit log with the children read', async () => {
    const { coach, admin, program, childId } = await cast();
    await inject('GET', rosterUrl(program.id), coach.headers);
    await inject('GET', rosterUrl(program.id), admin.headers);
    for (const reader of [coach, admin]) {
      const entries = await t.db.select().from(auditLog).where(eq(auditLog.actorId, reader.userId));
      expect(entries).toMatchObject([
        {
          action: `GET ${ROSTER_ROUTE}`,
          status: 200,
          subjectIds: { programId: program.id, date: TODAY, childIds: [childId] },
        },
      ]);
    }
  });

  it('a day off the schedule, a skipped day and a malformed id or date are refused', async () => {
    const { coach, admin, program } = await cast();
    expect((await inject('GET', rosterUrl(program.id, addDays(TODAY, 1)), coach.headers)).statusCode).toBe(404);
    expect((await inject('GET', rosterUrl(program.id, '2026-02-30'), coach.headers)).json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await inject('GET', rosterUrl('not-a-uuid'), coach.headers)).statusCode).toBe(400);
    expect((await inject('GET', rosterUrl(program.id, "2026-03-04' or 1=1"), coach.headers)).statusCode).toBe(400);
    const skip = await inject('POST', `/api/admin/programs/${program.id}/skipped-dates`, admin.headers, {
      date: TODAY,
      reason: 'Field closed for maintenance',
    });
    expect(skip.statusCode).toBe(200);
    expect((await inject('GET', rosterUrl(program.id), coach.headers)).statusCode).toBe(404);
    const sessions = body<{ sessions: { date: string }[]; skipped: unknown[] }>(
      await inject('GET', `/api/coach/programs/${program.id}/sessions`, coach.headers),
    ).data;
    expect(sessions.sessions.map((s) => s.date)).not.toContain(TODAY);
    expect(sessions.skipped).toEqual([{ date: TODAY, reason: 'Field closed for maintenance' }]);
  });
});

describe('sessions', () => {
  it("today's first, then upcoming soonest first, then past latest first", async () => {
    const { coach, program } = await cast();
    const data = body<{ sessions: { date: string; when: string }[] }>(
      await inject('GET', `/api/coach/programs/${program.id}/sessions`, coach.headers),
    ).data;
    expect(data.sessions.map((s) => `${s.when} ${s.date}`)).toEqual([
      `today ${TODAY}`,
      `upcoming ${addDays(TODAY, 7)}`,
      `upcoming ${addDays(TODAY, 14)}`,
      `past ${addDays(TODAY, -7)}`,
      `past ${addDays(TODAY, -14)}`,
    ]);
  });
});

describe('attendance', () => {
  it('marks present, absent or late with a note; a future session or bad input is refused and stores nothing', async () => {
    const { coach, program, childId } = await cast();
    const stored = () => t.db.select().from(sessionAttendance).where(eq(sessionAttendance.childId, childId));
    for (const bad of [
      {},
      { status: 'asleep' },
      { status: 'present', note: 'x'.repeat(501) },
      { status: 'present', note: 'a\u0000b' },
      { status: ['present'] },
    ]) {
      const res = await inject('PUT', attendanceUrl(program.id, childId), coach.headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).code).toBe('VALIDATION_FAILED');
    }
    const future = await inject('PUT', attendanceUrl(program.id, childId, addDays(TODAY, 7)), coach.headers, {
      status: 'present',
    });
    expect(future.statusCode).toBe(422);
    expect(await stored()).toEqual([]);

    const res = await inject('PUT', attendanceUrl(program.id, childId), coach.headers, {
      status: 'late',
      note: 'Dentist appointment',
    });
    expect(body(res)).toMatchObject({ status: 200, message: 'Attendance saved' });
    expect(await stored()).toMatchObject([{ status: 'late', note: 'Dentist appointment', markedBy: coach.userId }]);
    await inject('PUT', attendanceUrl(program.id, childId), coach.headers, { status: 'present' });
    expect(await stored()).toMatchObject([{ status: 'present', note: null }]);
  });
});

describe('pickup', () => {
  it('by a guardian or someone on the list is recorded, and the parent sees the time', async () => {
    const { coach, program, parent, childId } = await cast();
    const at = '2026-03-04T18:45:00-08:00'.replace('18:45', '10:45');
    const res = await inject('POST', pickupUrl(program.id, childId), coach.headers, {
      personId: pickupPersonId(AUNT),
      at,
    });
    expect(body(res)).toMatchObject({ status: 200, message: 'Pickup recorded' });
    const seen = await inject('GET', `/api/children/${childId}/attendance`, parent.headers);
    expect(body(seen).data).toEqual([
      {
        programId: program.id,
        programTitle: program.title,
        date: TODAY,
        status: 'present',
        pickedUpBy: { name: AUNT.name, relation: AUNT.relation },
        pickedUpAt: new Date(at).toISOString(),
      },
    ]);
    // A guardian later the same day replaces the record.
    await inject('POST', pickupUrl(program.id, childId), coach.headers, { personId: parent.userId });
    expect(
      body<{ pickedUpBy: unknown }[]>(await inject('GET', `/api/children/${childId}/attendance`, parent.headers))
        .data[0]!.pickedUpBy,
    ).toEqual({
      name: 'Ana Martinez',
      relation: 'Guardian',
    });
  });

  it('by anyone else is refused, recorded for the admin and in the audit log, and changes nothing', async () => {
    const { coach, admin, program, childId } = await cast();
    const stranger = await createUserWithSession(t, { firstName: 'Sam', lastName: 'Stranger' });
    const res = await inject('POST', pickupUrl(program.id, childId), coach.headers, { personId: stranger.userId });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 'PICKUP_NOT_ALLOWED', message: expect.stringContaining('not on the') });
    expect(await t.db.select().from(sessionAttendance).where(eq(sessionAttendance.childId, childId))).toEqual([]);
    expect(await t.db.select().from(pickupRefusals).where(eq(pickupRefusals.childId, childId))).toMatchObject([
      { personId: stranger.userId, recordedBy: coach.userId, day: TODAY },
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.actorId, coach.userId));
    expect(audit).toMatchObject([{ action: expect.stringContaining('/pickup/:childId'), status: 403 }]);
    const list = body<{ childId: string; recordedByName: string }[]>(
      await inject('GET', '/api/admin/pickup-refusals', admin.headers),
    ).data;
    expect(list.find((r) => r.childId === childId)).toMatchObject({ recordedByName: 'Test User' });
  });

  it("another family's guardian is refused too; bad times and bodies are 4xx and store nothing", async () => {
    const { coach, program, childId } = await cast();
    const other = await familyInProgram(t, program.id, { firstName: 'Mia' });
    const res = await inject('POST', pickupUrl(program.id, childId), coach.headers, { personId: other.parent.userId });
    expect(res.statusCode).toBe(403);
    for (const [payload, status] of [
      [{}, 400],
      [{ personId: 'x'.repeat(101) }, 400],
      [{ personId: pickupPersonId(AUNT), at: 'yesterday' }, 400],
      [{ personId: pickupPersonId(AUNT), at: '2026-03-04T23:00:00-08:00' }, 422],
      [{ personId: pickupPersonId(AUNT), at: '2026-03-03T10:00:00-08:00' }, 422],
    ] as const) {
      const answer = await inject('POST', pickupUrl(program.id, childId), coach.headers, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
    }
    await inject('PUT', attendanceUrl(program.id, childId), coach.headers, { status: 'absent' });
    const absent = await inject('POST', pickupUrl(program.id, childId), coach.headers, {
      personId: pickupPersonId(AUNT),
    });
    expect(absent.statusCode).toBe(422);
    expect(await t.db.select().from(sessionAttendance).where(eq(sessionAttendance.childId, childId))).toMatchObject([
      { status: 'absent', pickedUpAt: null },
    ]);
  });
});

describe("a parent's view of attendance", () => {
  it("is the family's own: another family's child is 404, a malformed id 400", async () => {
    const { program, childId } = await cast();
    const other = await createUserWithSession(t);
    expect((await inject('GET', `/api/children/${childId}/attendance`, other.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/children/nope/attendance', other.headers)).statusCode).toBe(400);
    expect((await inject('GET', `/api/children/${childId}/attendance`)).statusCode).toBe(401);
    const ownChild = await addChild(t, other.headers);
    await enrollDirectly(t, { familyId: other.familyId, childId: ownChild, programId: program.id });
    expect(body(await inject('GET', `/api/children/${ownChild}/attendance`, other.headers)).data).toEqual([]);
  });
});

describe('skipped dates (admin)', () => {
  it('refuses a day off the schedule, a second skip, a bad reason; restores a skipped day', async () => {
    const { admin, program } = await cast();
    const url = `/api/admin/programs/${program.id}/skipped-dates`;
    const day = addDays(TODAY, 7);
    expect((await inject('POST', url, admin.headers, { date: addDays(TODAY, 1), reason: 'Holiday' })).statusCode).toBe(
      404,
    );
    expect((await inject('POST', url, admin.headers, { date: day })).statusCode).toBe(400);
    expect((await inject('POST', url, admin.headers, { date: day, reason: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await inject('POST', url, admin.headers, { date: day, reason: 'Spring break' })).statusCode).toBe(200);
    expect((await inject('POST', url, admin.headers, { date: day, reason: 'Spring break' })).statusCode).toBe(409);
    expect((await inject('DELETE', `${url}/${day}`, admin.headers)).statusCode).toBe(200);
    expect((await inject('DELETE', `${url}/${day}`, admin.headers)).statusCode).toBe(404);
    expect(body(await inject('GET', url, admin.headers)).data).toEqual([]);
  });
});
