import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, schools } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminCoach, AdminSchool } from '@kikstart/contract/admin-catalog';
import type { School } from '@kikstart/contract/content';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createProgram } from '../../../test/enrollment-fixtures.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { HOSTILE, WRONG_TYPES } from '../../../test/lead-fixtures.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { plainJpeg } from '../../../test/file-fixtures.ts';

const t = useTestApp();
const admin = async () => createUserWithSession(t, { role: 'admin' });
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
const school = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bayview Middle School',
  address: '400 Bay Street',
  city: 'San Francisco',
  postalCode: '94133',
  isPartner: true,
  ...overrides,
});

describe('admin schools', () => {
  it('adds, edits, lists and deletes a school; the public list follows at once', async () => {
    const { headers, userId } = await admin();
    const res = await send('POST', '/admin/schools', headers, school({ name: HOSTILE.unicodeName }));
    expect(res.statusCode, res.body).toBe(200);
    const created = body<AdminSchool>(res).data;
    expect(created).toMatchObject({ name: HOSTILE.unicodeName, slug: 'zoe-angstrom-okafor', programs: 0 });
    const publicNames = async () => body<School[]>(await send('GET', '/school/all-list', {})).data.map((s) => s.name);
    expect(await publicNames()).toContain(HOSTILE.unicodeName);

    const edited = await send('PUT', `/admin/schools/${created.id}`, headers, school({ name: 'Bayview Academy' }));
    expect(body<AdminSchool>(edited).data).toMatchObject({ name: 'Bayview Academy', slug: 'zoe-angstrom-okafor' });
    const listed = body<AdminPage<AdminSchool>>(await send('GET', '/admin/schools?q=bayview&sort=-name', headers)).data;
    expect(listed.items.map((s) => s.id)).toContain(created.id);

    expect((await send('DELETE', `/admin/schools/${created.id}`, headers)).statusCode).toBe(200);
    expect(await publicNames()).not.toContain('Bayview Academy');
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
    expect(audited.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/schools',
        'PUT /api/admin/schools/:id',
        'DELETE /api/admin/schools/:id',
      ]),
    );
  });

  it('refuses deleting a school programs run at, naming how many', async () => {
    const { headers } = await admin();
    const created = body<AdminSchool>(await send('POST', '/admin/schools', headers, school())).data;
    await createProgram(t, { schoolId: created.id });
    const res = await send('DELETE', `/admin/schools/${created.id}`, headers);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      code: 'IN_USE',
      message: '1 program runs at this school: move or delete it first.',
    });
    expect(await t.db.select().from(schools).where(eq(schools.id, created.id))).toHaveLength(1);
  });

  it('refuses missing, wrong-typed, oversized and hostile input and unknown ids', async () => {
    const { headers } = await admin();
    const before = await t.db.$count(schools);
    expect(body(await send('POST', '/admin/schools', headers, school({ name: '' }))).errors).toEqual({
      name: 'School name is required',
    });
    for (const value of WRONG_TYPES) {
      expect((await send('POST', '/admin/schools', headers, school({ city: value }))).statusCode).toBe(400);
    }
    expect(body(await send('POST', '/admin/schools', headers, school({ address: 'x'.repeat(201) }))).errors).toEqual({
      address: 'Must be at most 200 characters',
    });
    expect((await send('POST', '/admin/schools', headers, school({ name: 'A\u0007B' }))).statusCode).toBe(400);
    expect(await t.db.$count(schools)).toBe(before);
    expect((await send('PUT', `/admin/schools/${UNKNOWN}`, headers, school())).statusCode).toBe(404);
    expect((await send('DELETE', `/admin/schools/${UNKNOWN}`, headers)).statusCode).toBe(404);
    expect((await send('DELETE', '/admin/schools/1', headers)).statusCode).toBe(400);
    const parent = await createUserWithSession(t);
    expect((await send('POST', '/admin/schools', parent.headers, school())).statusCode).toBe(403);
  });
});

describe('admin coach profiles', () => {
  it('saves bio, credentials and photo, shown beside the coach on the program page', async () => {
    const { headers } = await admin();
    const coach = await createUserWithSession(t, { role: 'coach', firstName: 'Priya', lastName: 'Natarajan' });
    const program = await createProgram(t, { coachId: coach.userId });
    const list = body<AdminPage<AdminCoach>>(await send('GET', '/admin/coaches?q=natarajan', headers)).data;
    expect(list.items).toEqual([expect.objectContaining({ id: coach.userId, bio: '', credentials: [], programs: 1 })]);

    const saved = await send('PUT', `/admin/coaches/${coach.userId}/profile`, headers, {
      bio: 'Former college midfielder who has coached youth soccer for nine years.',
      credentials: ['USSF Grassroots License', 'CPR and First Aid'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const form = multipartForm(
      {},
      { field: 'photo', filename: 'me.jpg', type: 'image/jpeg', bytes: await plainJpeg() },
    );
    const photo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/coaches/${coach.userId}/photo`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(body<AdminCoach>(photo).data.photoUrl).toMatch(/^\/uploads\/coaches\/[0-9a-f]{32}\.jpg$/);

    const details = body<ProgramDetails>(await send('GET', `/programs/details?id=${program.id}`, {})).data;
    expect(details.coach).toEqual({
      name: 'Priya N.',
      bio: 'Former college midfielder who has coached youth soccer for nine years.',
      credentials: ['USSF Grassroots License', 'CPR and First Aid'],
      photoUrl: body<AdminCoach>(photo).data.photoUrl,
    });
  });

  it('refuses accounts that are not coaches, bad input and other roles', async () => {
    const { headers } = await admin();
    const parent = await createUserWithSession(t);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await send('PUT', `/admin/coaches/${parent.userId}/profile`, headers, { bio: 'x' })).statusCode).toBe(404);
    expect((await send('PUT', `/admin/coaches/${UNKNOWN}/profile`, headers, { bio: 'x' })).statusCode).toBe(404);
    const tooMany = await send('PUT', `/admin/coaches/${coach.userId}/profile`, headers, {
      credentials: Array.from({ length: 11 }, (_, i) => `Credential ${i}`),
    });
    expect(body(tooMany).errors).toEqual({ credentials: 'At most 10 credentials' });
    const long = await send('PUT', `/admin/coaches/${coach.userId}/profile`, headers, { bio: 'x'.repeat(2001) });
    expect(body(long).errors).toEqual({ bio: 'Bio must be at most 2000 characters' });
    expect(
      (await send('PUT', `/admin/coaches/${coach.userId}/profile`, headers, { credentials: [''] })).statusCode,
    ).toBe(400);
    expect((await send('GET', '/admin/coaches', coach.headers)).statusCode).toBe(403);
  });
});
