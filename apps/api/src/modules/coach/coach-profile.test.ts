import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '@kikstart/db';
import type { CoachProfile } from '@kikstart/contract/coach';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { createProgram } from '../../../test/enrollment-fixtures.ts';
import { HOSTILE, WRONG_TYPES } from '../../../test/lead-fixtures.ts';
import { multipartForm, type FilePart } from '../../../test/multipart.ts';
import { METADATA_MARKERS, jpegWithGps, plainJpeg, pngOf } from '../../../test/file-fixtures.ts';

const t = useTestApp();
const PROFILE = '/api/coach/profile';
const PHOTO = '/api/coach/profile/photo';
const BIO = 'Former college midfielder; nine years coaching U8 to U12 soccer in San Francisco.';
const CREDENTIALS = ['USSF Grassroots License', 'CPR and First Aid (Red Cross)'];

const coach = (firstName = 'Priya', lastName = 'Natarajan') =>
  createUserWithSession(t, { role: 'coach', firstName, lastName });
const getProfile = async (headers: Record<string, string>) =>
  body<CoachProfile>(await t.app.inject({ method: 'GET', url: PROFILE, headers })).data;
const putProfile = (headers: Record<string, string>, payload: unknown, contentType = 'application/json') =>
  t.app.inject({
    method: 'PUT',
    url: PROFILE,
    headers: { ...headers, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const postPhoto = (headers: Record<string, string>, file: FilePart | FilePart[] = [], fields = {}) => {
  const form = multipartForm(fields, file);
  return t.app.inject({ method: 'POST', url: PHOTO, headers: { ...headers, ...form.headers }, payload: form.payload });
};
const photoPart = (bytes: Buffer, filename = 'me.jpg', type = 'image/jpeg'): FilePart => ({
  field: 'photo',
  filename,
  type,
  bytes,
});
const storedCoachPhotos = () => {
  try {
    return readdirSync(join(t.config.uploadDir, 'coaches')).sort();
  } catch {
    return [];
  }
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe('the coach edits their own profile', () => {
  it('saves bio, credentials and a photo (re-encoded, no location) shown on the program page; audited', async () => {
    const me = await coach();
    const program = await createProgram(t, { coachId: me.userId });
    expect(await getProfile(me.headers)).toMatchObject({ id: me.userId, bio: '', credentials: [], photoUrl: null });

    const saved = await putProfile(me.headers, { bio: `  ${BIO}  `, credentials: CREDENTIALS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Profile saved', data: { bio: BIO, credentials: CREDENTIALS } });

    const photo = await postPhoto(me.headers, photoPart(await jpegWithGps(640, 640)));
    expect(photo.statusCode, photo.body).toBe(200);
    const photoUrl = body<CoachProfile>(photo).data.photoUrl!;
    expect(photoUrl).toMatch(/^\/uploads\/coaches\/[0-9a-f]{32}\.jpg$/);
    const stored = readFileSync(join(t.config.uploadDir, photoUrl.replace('/uploads/', ''))).toString('latin1');
    for (const marker of METADATA_MARKERS) expect(stored, marker).not.toContain(marker);

    // A second photo replaces the first, whose file is deleted.
    const png = await postPhoto(me.headers, photoPart(await pngOf(), 'me.png', 'image/png'));
    expect(png.statusCode, png.body).toBe(200);
    const secondUrl = body<CoachProfile>(png).data.photoUrl!;
    expect(storedCoachPhotos()).toContain(secondUrl.split('/').pop());
    expect(storedCoachPhotos()).not.toContain(photoUrl.split('/').pop());

    const details = body<ProgramDetails>(
      await t.app.inject({ method: 'GET', url: `/api/programs/details?id=${program.id}` }),
    ).data;
    expect(details.coach).toEqual({ name: 'Priya N.', bio: BIO, credentials: CREDENTIALS, photoUrl: secondUrl });
    // The portal says where families see it: the coach's published programs.
    const mine = await t.app.inject({ method: 'GET', url: '/api/coach/programs', headers: me.headers });
    expect(body<{ id: string; published: boolean }[]>(mine).data).toEqual([
      expect.objectContaining({ id: program.id, published: true }),
    ]);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.actorId, me.userId));
    expect(entries.map((e) => `${e.action} ${e.status}`).sort()).toEqual([
      `POST ${PHOTO} 200`,
      `POST ${PHOTO} 200`,
      `PUT ${PROFILE} 200`,
    ]);
  });

  it('edits only the signed-in coach’s profile, whatever ids the request carries', async () => {
    const me = await coach();
    const other = await coach('Marcus', 'Lee');
    await putProfile(other.headers, { bio: 'Swim coach.', credentials: ['Lifeguard'] });
    const before = await getProfile(other.headers);

    const sneaky = await putProfile(me.headers, { id: other.userId, userId: other.userId, bio: 'Mine.' });
    expect(sneaky.statusCode).toBe(200);
    expect(body<CoachProfile>(sneaky).data).toMatchObject({ id: me.userId, bio: 'Mine.' });
    const photo = await postPhoto(me.headers, photoPart(await plainJpeg()), { id: other.userId, userId: other.userId });
    expect(photo.statusCode).toBe(200);
    expect(body<CoachProfile>(photo).data.id).toBe(me.userId);
    for (const path of [`profile?id=${other.userId}`, `profile?userId=${other.userId}`]) {
      expect(
        body<CoachProfile>(await t.app.inject({ method: 'GET', url: `/api/coach/${path}`, headers: me.headers })).data
          .id,
      ).toBe(me.userId);
    }
    expect(await getProfile(other.headers)).toEqual(before);

    // The console's per-coach routes stay admin-only.
    const direct = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coaches/${other.userId}/profile`,
      headers: me.headers,
      payload: { bio: 'Hijacked' },
    });
    expect(direct.statusCode).toBe(403);
    expect(await getProfile(other.headers)).toEqual(before);
  });
});

describe('bad input to the coach profile: 4xx with a clear message, nothing stored, never a 500', () => {
  it('bio and credentials: missing, malformed, wrong types, too long, too many, NUL and control bytes', async () => {
    const me = await coach();
    await putProfile(me.headers, { bio: BIO, credentials: CREDENTIALS });
    const before = await getProfile(me.headers);

    const refused = async (payload: unknown, contentType?: string) => {
      const res = await putProfile(me.headers, payload, contentType);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
      return res;
    };
    expect((await refused('')).json()).toMatchObject({ status: 400 });
    expect((await refused('{"bio": ')).json()).toMatchObject({ status: 400 });
    expect((await refused('[]')).statusCode).toBe(400);
    expect((await refused('bio=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    for (const wrong of WRONG_TYPES) {
      expect((await refused({ bio: wrong })).json().errors).toHaveProperty('bio');
    }
    // (An array of strings is a valid list of credentials.)
    for (const wrong of [...WRONG_TYPES.filter((v) => !Array.isArray(v)), 'CPR', [12], [null], [{}]]) {
      expect((await refused({ credentials: wrong })).statusCode).toBe(400);
    }
    expect((await refused({ bio: 'x'.repeat(2001) })).json().errors).toEqual({
      bio: 'Bio must be at most 2000 characters',
    });
    expect(
      (await refused({ credentials: Array.from({ length: 11 }, (_, i) => `Credential ${i}`) })).json().errors,
    ).toEqual({ credentials: 'At most 10 credentials' });
    expect((await refused({ credentials: ['  '] })).json().errors).toEqual({
      'credentials.0': 'A credential cannot be empty',
    });
    expect((await refused({ credentials: ['x'.repeat(121)] })).json().errors).toHaveProperty('credentials.0');
    expect((await refused({ bio: 'Coach\u0000' })).json().errors).toHaveProperty('bio');
    expect((await refused({ credentials: ['CPR\u0000'] })).json().errors).toHaveProperty('credentials.0');
    expect((await refused({ credentials: ['CPR\nFirst Aid'] })).json().errors).toHaveProperty('credentials.0');
    expect((await refused({ bio: '\ud800 lone surrogate' })).json().errors).toHaveProperty('bio');
    // Past the body limit: refused before it is read.
    expect((await refused({ bio: 'x'.repeat(2 * 1024 * 1024) })).statusCode).toBe(413);

    expect(await getProfile(me.headers)).toEqual(before);
  });

  it('hostile text is stored as text, exactly as typed', async () => {
    const me = await coach();
    const bio = `${HOSTILE.html} ${HOSTILE.sql} ${HOSTILE.unicodeName}`;
    const res = await putProfile(me.headers, { bio, credentials: [HOSTILE.html] });
    expect(res.statusCode).toBe(200);
    expect(await getProfile(me.headers)).toMatchObject({ bio, credentials: [HOSTILE.html] });
  });

  it('photo: missing, a PDF named .jpg, a truncated image, two files, JSON, oversized: refused, nothing stored', async () => {
    const me = await coach();
    const first = await postPhoto(me.headers, photoPart(await plainJpeg()));
    const kept = body<CoachProfile>(first).data.photoUrl;
    const files = storedCoachPhotos();
    const jpeg = await plainJpeg();

    const refused = async (res: Awaited<ReturnType<typeof postPhoto>>, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
      return res.json();
    };
    expect(await refused(await postPhoto(me.headers), 400)).toMatchObject({
      errors: { photo: 'Choose a JPEG or PNG picture' },
    });
    expect(await refused(await postPhoto(me.headers, photoPart(PDF, 'me.jpg', 'image/jpeg')), 415)).toMatchObject({
      errors: { photo: 'The file must be a JPEG or PNG image' },
    });
    await refused(await postPhoto(me.headers, photoPart(PDF, 'cv.pdf', 'application/pdf')), 415);
    await refused(await postPhoto(me.headers, photoPart(jpeg.subarray(0, 200))), 415);
    await refused(await postPhoto(me.headers, [photoPart(jpeg), { ...photoPart(jpeg), field: 'other' }]), 400);
    const json = await t.app.inject({ method: 'POST', url: PHOTO, headers: me.headers, payload: { photo: 'x' } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const big = Buffer.concat([jpeg, Buffer.alloc(7 * 1024 * 1024)]);
    await refused(await postPhoto(me.headers, photoPart(big)), 413);

    expect((await getProfile(me.headers)).photoUrl).toBe(kept);
    expect(storedCoachPhotos()).toEqual(files);
  });
});
