import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { children, galleryKept, galleryPhotos } from '@kikstart/db';
import { NO } from '@kikstart/contract/common';
import type { GalleryList, StaffPhoto, StaffSessionPhotos } from '@kikstart/contract/gallery';
import { GALLERY_MESSAGES } from '@kikstart/contract/gallery';
import { UPLOAD_MESSAGES } from '@kikstart/contract/uploads';
import { addDays } from '@kikstart/contract/schedule';
import { body, useTestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { familyInProgram, programMeetingOn } from '../../../test/coach-fixtures.ts';
import { METADATA_MARKERS, filesIn, jpegWithGps, plainJpeg, pngOf } from '../../../test/file-fixtures.ts';
import { multipartForm, type FilePart } from '../../../test/multipart.ts';
import { privateFilesDir } from '../../lib/uploads.ts';
import { guardedRoutes } from '../../plugins/auth.ts';
import { deleteExpiredPhotos, startGalleryRetention } from './gallery-retention.ts';
import { deleteAfterOf } from './gallery-staff.service.ts';

// 11:00 in Los Angeles on Wednesday 2026-03-04: a session day of every program made below.
const TODAY = '2026-03-04';
const clock = new ManualClock(new Date('2026-03-04T19:00:00Z'));
const t = useTestApp({}, undefined, { clock });

type Headers = Record<string, string>;
const inject = (method: string, url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

const photosUrl = (programId: string, day = TODAY) => `/api/gallary/staff/programs/${programId}/sessions/${day}/photos`;
const part = (bytes: Buffer, filename = 'class.jpg', type = 'image/jpeg', field = 'photos'): FilePart => ({
  field,
  filename,
  type,
  bytes,
});

async function upload(headers: Headers, programId: string, files: FilePart[], day = TODAY) {
  const form = multipartForm({}, files);
  return t.app.inject({
    method: 'POST',
    url: photosUrl(programId, day),
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const tag = (headers: Headers, photoId: string, childIds: string[], complete = true) =>
  inject('PUT', `/api/gallary/staff/photos/${photoId}/tags`, headers, { childIds, complete });

const list = async (headers: Headers, query = '') => {
  const res = await inject('GET', `/api/gallary/image-list${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return body<GalleryList>(res).data;
};

const photoRows = async () => (await t.db.select({ n: count() }).from(galleryPhotos))[0]!.n;

/** A coach's program with two families in it (Leo and Mia), another coach, an admin and an outside family. */
async function cast() {
  const coach = await createUserWithSession(t, { role: 'coach' });
  const otherCoach = await createUserWithSession(t, { role: 'coach' });
  const admin = await createUserWithSession(t, { role: 'admin' });
  const program = await programMeetingOn(t, TODAY, { coachId: coach.userId });
  const leo = await familyInProgram(t, program.id, { firstName: 'Leo' });
  const mia = await familyInProgram(t, program.id, { firstName: 'Mia' });
  const elsewhere = await programMeetingOn(t, TODAY, { coachId: otherCoach.userId });
  const outsider = await familyInProgram(t, elsewhere.id, { firstName: 'Sam' });
  return { coach, otherCoach, admin, program, leo, mia, outsider };
}

/** Uploads one photo as the coach and tags `childIds` (complete): a photo families may see. */
async function sharedPhoto(c: Awaited<ReturnType<typeof cast>>, childIds: string[], bytes?: Buffer) {
  const res = await upload(c.coach.headers, c.program.id, [part(bytes ?? (await plainJpeg()))]);
  expect(res.statusCode, res.body).toBe(200);
  const [photo] = body<StaffPhoto[]>(res).data;
  expect((await tag(c.coach.headers, photo!.id, childIds)).statusCode).toBe(200);
  return photo!;
}

async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  for (const marker of METADATA_MARKERS) expect(bytes.includes(marker), `bytes contain "${marker}"`).toBe(false);
}

/** The entries of a stored (uncompressed) zip, from its central directory. */
function zipEntries(zip: Buffer) {
  const entries: { name: string; bytes: Buffer }[] = [];
  let at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const total = zip.readUInt16LE(at + 10);
  at = zip.readUInt32LE(at + 16);
  for (let i = 0; i < total; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, bytes: zip.subarray(start, start + size) });
    at += 46 + skip;
  }
  return entries;
}

describe('gallery authorization, generated from the registered /api/gallary routes', () => {
  it('anonymous 401; staff routes: parent 403, coach of another program 404, this coach and an admin 200', async () => {
    const c = await cast();
    const shared = await sharedPhoto(c, [c.leo.childId]);
    const routes = guardedRoutes(t.app).filter((r) => r.url.startsWith('/api/gallary/') && r.method !== 'HEAD');
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/gallary/staff/photos/:photoId',
      'GET /api/gallary/image-list',
      'GET /api/gallary/staff/programs/:programId/sessions/:date/photos',
      'POST /api/gallary/images/select',
      'POST /api/gallary/staff/programs/:programId/sessions/:date/photos',
      'PUT /api/gallary/staff/photos/:photoId/tags',
    ]);
    for (const route of routes) {
      for (const who of [undefined, c.leo.parent.headers, c.otherCoach.headers]) {
        const url = route.url
          .replace(':programId', c.program.id)
          .replace(':date', TODAY)
          .replace(':photoId', shared.id);
        const staffRoute = route.url.includes('/staff/');
        const payload = route.url.endsWith('/tags')
          ? { childIds: [], complete: false }
          : route.url.endsWith('/select')
            ? { photoIds: [shared.id] }
            : route.method === 'POST'
              ? multipartForm({}, [part(await plainJpeg())])
              : undefined;
        const res =
          payload && 'headers' in payload
            ? await t.app.inject({
                method: 'POST',
                url,
                headers: { ...(who ?? {}), ...(payload.headers as Headers) },
                payload: payload.payload as Buffer,
              })
            : await inject(route.method, url, who, payload as object | undefined);
        const label = `${route.method} ${route.url} ${who === undefined ? 'anonymous' : who === c.otherCoach.headers ? 'other coach' : 'parent'}`;
        const expected =
          who === undefined ? 401 : who === c.otherCoach.headers ? (staffRoute ? 404 : 403) : staffRoute ? 403 : 200;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(expected);
      }
    }
    // Nothing was stored or changed by the refused calls.
    expect(await t.db.select().from(galleryPhotos).where(eq(galleryPhotos.programId, c.program.id))).toHaveLength(1);
    // This coach and an admin manage the session.
    for (const staff of [c.coach, c.admin]) {
      const res = await inject('GET', photosUrl(c.program.id), staff.headers);
      expect(res.statusCode).toBe(200);
      expect(body<StaffSessionPhotos>(res).data.photos.map((p) => p.id)).toEqual([shared.id]);
    }
    const adminUpload = await upload(c.admin.headers, c.program.id, [part(await plainJpeg())]);
    expect(adminUpload.statusCode).toBe(200);
  });
});

describe('upload, tags and who sees a photo', () => {
  it('a coach uploads several photos at once; families see one only once its tags are complete', async () => {
    const c = await cast();
    const res = await upload(c.coach.headers, c.program.id, [
      part(await jpegWithGps(900, 600), 'park.jpg'),
      part(await pngOf(300, 200), 'goal.png', 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('2 photos uploaded');
    const photos = body<StaffPhoto[]>(res).data;
    expect(photos.map((p) => p.originalName).sort()).toEqual(['goal.png', 'park.jpg']);
    expect(photos.every((p) => !p.tagsComplete && p.taggedChildIds.length === 0)).toBe(true);

    // Untagged: staff-only.
    expect((await list(c.leo.parent.headers)).items).toEqual([]);
    const staffView = body<StaffSessionPhotos>(await inject('GET', photosUrl(c.program.id), c.coach.headers)).data;
    expect(staffView.children.map((k) => k.firstName).sort()).toEqual(['Leo', 'Mia']);

    // Tagged but not marked complete: still staff-only.
    const park = photos.find((p) => p.originalName === 'park.jpg')!;
    expect((await tag(c.coach.headers, park.id, [c.leo.childId], false)).statusCode).toBe(200);
    expect((await list(c.leo.parent.headers)).items).toEqual([]);

    const done = await tag(c.coach.headers, park.id, [c.leo.childId, c.mia.childId]);
    expect(body(done).message).toBe(GALLERY_MESSAGES.tagsSavedShared);
    for (const family of [c.leo, c.mia]) {
      const seen = await list(family.parent.headers);
      expect(seen.items.map((p) => p.id)).toEqual([park.id]);
      expect(seen.programs).toEqual([{ id: c.program.id, title: c.program.title }]);
    }
    // Another program's family never sees it, even with the id.
    expect((await list(c.outsider.parent.headers)).items).toEqual([]);
    const steal = await inject('POST', '/api/gallary/images/select', c.outsider.parent.headers, {
      photoIds: [park.id],
    });
    expect(steal.statusCode).toBe(404);

    // The thumbnail and the web copy are private, re-encoded and carry no location.
    const seen = (await list(c.leo.parent.headers)).items[0]!;
    expect(seen.thumbUrl.startsWith('/api/gallary/photos/')).toBe(true);
    const thumb = await inject('GET', seen.thumbUrl);
    const web = await inject('GET', seen.webUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    await expectNoMetadata(thumb.rawPayload);
    await expectNoMetadata(web.rawPayload);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(480);
    expect([seen.width, seen.height]).toEqual([900, 600]);
    // Nothing under the public uploads folder.
    expect(existsSync(join(t.config.uploadDir, 'gallery'))).toBe(false);
    // Another family's viewer id in the link breaks the signature.
    const forged = seen.thumbUrl.replace(/v=[^&]+/, `v=${c.outsider.parent.familyId}`);
    expect((await inject('GET', forged)).statusCode).toBe(403);
  });

  it('a photo link that leaves the family works for minutes only, and never for another signed-in user', async () => {
    const c = await cast();
    await sharedPhoto(c, [c.leo.childId]);
    const seen = (await list(c.leo.parent.headers)).items[0]!;
    const link = new URL(seen.webUrl, 'http://localhost');
    expect(link.searchParams.get('u')).toBe(c.leo.parent.userId);
    expect(Number(link.searchParams.get('expires')) * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    for (const headers of [c.outsider.parent.headers, { cookie: `kikstart_token=${c.outsider.parent.token}` }])
      expect((await inject('GET', seen.webUrl, headers)).statusCode, JSON.stringify(headers)).toBe(404);
    expect((await inject('GET', seen.webUrl, c.leo.parent.headers)).statusCode).toBe(200);
    // Naming another user in the link breaks its signature.
    const renamed = seen.webUrl.replace(/u=[^&]+/, `u=${c.outsider.parent.userId}`);
    expect((await inject('GET', renamed, c.outsider.parent.headers)).statusCode).toBe(403);
  });

  it('a child whose consent is No: the photo reaches only their own family; a later change to No hides it at once', async () => {
    const c = await cast();
    const noConsent = await sharedPhoto(c, [c.leo.childId, c.mia.childId]);
    const miaOnly = await sharedPhoto(c, [c.mia.childId]);
    const before = (await list(c.leo.parent.headers)).items;
    expect(before.map((p) => p.id).sort()).toEqual([noConsent.id, miaOnly.id].sort());
    const linkLeoHad = before.find((p) => p.id === noConsent.id)!.webUrl;
    expect((await inject('GET', linkLeoHad)).statusCode).toBe(200);

    // Mia's parent changes her consent to No.
    await t.db.update(children).set({ photoConsent: NO }).where(eq(children.id, c.mia.childId));
    expect((await list(c.leo.parent.headers)).items).toEqual([]);
    // The link handed out before is checked again: gone.
    expect((await inject('GET', linkLeoHad)).statusCode).toBe(404);
    // Mia's own family still sees both.
    expect((await list(c.mia.parent.headers)).items.map((p) => p.id).sort()).toEqual([noConsent.id, miaOnly.id].sort());
    // Staff see the warning flag.
    const staffView = body<StaffSessionPhotos>(await inject('GET', photosUrl(c.program.id), c.coach.headers)).data;
    expect(staffView.photos.find((p) => p.id === noConsent.id)!.hasNoConsentChild).toBe(true);
    expect(staffView.children.find((k) => k.id === c.mia.childId)!.photoConsent).toBe(false);
  });

  it('tags only children of the session, each once; another program cannot tag or delete', async () => {
    const c = await cast();
    const photo = await sharedPhoto(c, [c.leo.childId]);
    const outsider = await tag(c.coach.headers, photo.id, [c.outsider.childId]);
    expect(outsider.statusCode).toBe(400);
    expect(body(outsider).errors).toEqual({ childIds: GALLERY_MESSAGES.childNotOnRoster });
    expect((await tag(c.coach.headers, photo.id, [c.leo.childId, c.leo.childId])).statusCode).toBe(400);
    expect((await tag(c.coach.headers, photo.id, ['not-an-id'])).statusCode).toBe(400);
    expect((await inject('PUT', `/api/gallary/staff/photos/${photo.id}/tags`, c.coach.headers, {})).statusCode).toBe(
      400,
    );
    expect((await tag(c.otherCoach.headers, photo.id, [])).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/gallary/staff/photos/${photo.id}`, c.otherCoach.headers)).statusCode).toBe(
      404,
    );
    // Still shared with Leo's family as before.
    expect((await list(c.leo.parent.headers)).items.map((p) => p.id)).toEqual([photo.id]);
    const before = filesIn(t, 'gallery').length;
    expect((await inject('DELETE', `/api/gallary/staff/photos/${photo.id}`, c.coach.headers)).statusCode).toBe(200);
    expect(filesIn(t, 'gallery').length).toBe(before - 2);
    expect((await list(c.leo.parent.headers)).items).toEqual([]);
  });
});

describe('upload attacks: 4xx with a clear message, nothing stored', () => {
  it('refuses what is not a JPEG or PNG, broken images, too many files, odd fields and bad sessions', async () => {
    const c = await cast();
    const rows = await photoRows();
    const files = filesIn(t, 'gallery').length;
    const cases: [string, () => ReturnType<typeof upload>, number][] = [
      ['no photos', () => upload(c.coach.headers, c.program.id, []), 400],
      [
        'a script named .jpg',
        () => upload(c.coach.headers, c.program.id, [part(Buffer.from('<script>alert(1)</script>'), 'x.jpg')]),
        415,
      ],
      [
        'a JPEG header on bytes that do not decode',
        () =>
          upload(c.coach.headers, c.program.id, [
            part(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)])),
          ]),
        415,
      ],
      [
        'one good photo and one bad: the whole form is refused',
        async () =>
          upload(c.coach.headers, c.program.id, [part(await plainJpeg()), part(Buffer.from('GIF89a....'), 'a.gif')]),
        415,
      ],
      [
        'eleven photos',
        async () =>
          upload(
            c.coach.headers,
            c.program.id,
            await Promise.all(Array.from({ length: 11 }, async () => part(await plainJpeg(20, 20)))),
          ),
        413,
      ],
      [
        'a photo over 5 MB',
        () => upload(c.coach.headers, c.program.id, [part(Buffer.alloc(5 * 1024 * 1024 + 10, 1))]),
        413,
      ],
      [
        'another field name',
        async () => upload(c.coach.headers, c.program.id, [part(await plainJpeg(), 'a.jpg', 'image/jpeg', 'file')]),
        400,
      ],
      [
        'a day with no session',
        async () => upload(c.coach.headers, c.program.id, [part(await plainJpeg())], addDays(TODAY, 1)),
        404,
      ],
      [
        'an upcoming session',
        async () => upload(c.coach.headers, c.program.id, [part(await plainJpeg())], addDays(TODAY, 7)),
        409,
      ],
      [
        'a malformed date',
        async () => upload(c.coach.headers, c.program.id, [part(await plainJpeg())], '2026-13-45'),
        400,
      ],
      ['JSON instead of a form', () => inject('POST', photosUrl(c.program.id), c.coach.headers, { photos: 'x' }), 415],
      [
        'a body that claims to be too large',
        () =>
          t.app.inject({
            method: 'POST',
            url: photosUrl(c.program.id),
            headers: {
              ...c.coach.headers,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(60 * 1024 * 1024),
            },
            payload: '--x--\r\n',
          }),
        413,
      ],
      [
        'a truncated body',
        () =>
          t.app.inject({
            method: 'POST',
            url: photosUrl(c.program.id),
            headers: { ...c.coach.headers, 'content-type': 'multipart/form-data; boundary=x' },
            payload: '--x\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\n\xff\xd8',
          }),
        400,
      ],
    ];
    for (const [label, send, status] of cases) {
      const res = await send();
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(status);
      expect(body(res).message, label).toBeTruthy();
    }
    const empty = await upload(c.coach.headers, c.program.id, []);
    expect(body(empty).errors).toEqual({ photos: GALLERY_MESSAGES.photosRequired });
    const script = await upload(c.coach.headers, c.program.id, [part(Buffer.from('<?php ?>'), 'x.png', 'image/png')]);
    expect(body(script).errors).toEqual({ photos: UPLOAD_MESSAGES.wrongType('image') });
    expect(await photoRows()).toBe(rows);
    expect(filesIn(t, 'gallery').length).toBe(files);
  });
});

describe('malformed reads', () => {
  it('a bad query, size or link is a 4xx with a message, never a 500', async () => {
    const c = await cast();
    const photo = await sharedPhoto(c, [c.leo.childId]);
    const headers = c.leo.parent.headers;
    for (const query of ['?programId=nope', '?limit=1000', '?page=0', '?page=abc', '?kept=maybe']) {
      const res = await inject('GET', `/api/gallary/image-list${query}`, headers);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message, query).toBeTruthy();
    }
    // Another program's filter is simply empty.
    const other = await list(headers, `?programId=${c.outsider.childId}`);
    expect(other.items).toEqual([]);
    const link = (await list(headers)).items[0]!.thumbUrl;
    const cases: [string, number][] = [
      [link.replace('/thumb?', '/original?'), 400],
      [link.replace(photo.id, 'nope'), 400],
      [link.replace(/signature=[^&]+/, 'signature=x'), 403],
      [link.replace(/expires=\d+/, 'expires=abc'), 400],
      [link.replace(/k=family/, 'k=admin'), 400],
      [`/api/gallary/photos/${photo.id}/thumb`, 400],
      [link.replace(photo.id, c.program.id), 403],
    ];
    for (const [url, status] of cases) expect((await inject('GET', url)).statusCode, url).toBe(status);
  });
});

describe('keeping and downloading', () => {
  it('the zip holds exactly the kept photos, without location; select input is checked', async () => {
    const c = await cast();
    const a = await sharedPhoto(c, [c.leo.childId], await jpegWithGps(640, 480));
    const b = await sharedPhoto(c, [c.leo.childId], await jpegWithGps(320, 240));
    const notKept = await sharedPhoto(c, [c.leo.childId]);
    const headers = c.leo.parent.headers;
    expect((await list(headers)).downloadUrl).toBeNull();

    const select = (payload: object, who = headers) => inject('POST', '/api/gallary/images/select', who, payload);
    for (const bad of [
      {},
      { photoIds: [] },
      { photoIds: ['nope'] },
      { photoIds: 'x' },
      { photoIds: Array(101).fill(a.id) },
    ]) {
      const res = await select(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    // One id of a photo this family cannot see: 404 and nothing kept.
    const hidden = await upload(c.coach.headers, c.program.id, [part(await plainJpeg())]);
    const hiddenId = body<StaffPhoto[]>(hidden).data[0]!.id;
    expect((await select({ photoIds: [a.id, hiddenId] })).statusCode).toBe(404);
    expect((await t.db.select().from(galleryKept).where(eq(galleryKept.familyId, c.leo.parent.familyId!))).length).toBe(
      0,
    );

    const kept = await select({ photoIds: [a.id, b.id, a.id] });
    expect(kept.statusCode).toBe(200);
    expect(body(kept).data).toEqual({ keptCount: 2, changed: 2 });
    const view = await list(headers);
    expect(view.keptCount).toBe(2);
    expect(
      view.items
        .filter((p) => p.kept)
        .map((p) => p.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect((await list(headers, '?kept=true')).items.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());

    const zip = await inject('GET', view.downloadUrl!);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="kikstart-photos-2026-03-04\.zip"$/);
    const entries = zipEntries(zip.rawPayload);
    expect(entries).toHaveLength(2);
    const sizes = await Promise.all(entries.map(async (e) => (await sharp(e.bytes).metadata()).width));
    expect(sizes.sort()).toEqual([320, 640]);
    for (const entry of entries) await expectNoMetadata(entry.bytes);
    expect(entries.map((e) => e.name).every((n) => /^2026-03-04-test-program-\d+-\d{3}\.jpg$/.test(n))).toBe(true);
    expect(zip.rawPayload.includes('GPS')).toBe(false);

    // Letting one go; the other family's link and a tampered or expired link do not work.
    expect(body(await select({ photoIds: [b.id], keep: false })).data).toEqual({ keptCount: 1, changed: 1 });
    expect(zipEntries((await inject('GET', (await list(headers)).downloadUrl!)).rawPayload)).toHaveLength(1);
    expect((await inject('GET', view.downloadUrl!.replace(/signature=[^&]+/, 'signature=forged'))).statusCode).toBe(
      403,
    );
    expect((await inject('GET', '/api/gallary/images/download')).statusCode).toBe(400);
    clock.advance(3 * 60 * 60 * 1000);
    try {
      expect((await inject('GET', view.downloadUrl!)).statusCode).toBe(403);
    } finally {
      clock.advance(-3 * 60 * 60 * 1000);
    }
    void notKept;
  });

  it("the family's data download lists the kept photos; deleting a child deletes the photos showing them", async () => {
    const c = await cast();
    const photo = await sharedPhoto(c, [c.leo.childId, c.mia.childId]);
    await inject('POST', '/api/gallary/images/select', c.mia.parent.headers, { photoIds: [photo.id] });
    const exported = await inject('GET', '/api/user/export', c.mia.parent.headers);
    expect(exported.statusCode).toBe(200);
    const family = body<{ family: { keptPhotos: { photos: { id: string; url: string }[]; downloadUrl: string } } }>(
      exported,
    ).data.family;
    expect(family.keptPhotos.photos.map((p) => p.id)).toEqual([photo.id]);
    expect((await inject('GET', family.keptPhotos.photos[0]!.url)).statusCode).toBe(200);
    expect((await inject('GET', family.keptPhotos.downloadUrl)).statusCode).toBe(200);

    const files = filesIn(t, 'gallery').length;
    const res = await inject('POST', '/api/children/delete', c.leo.parent.headers, { childId: c.leo.childId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo.id))).toEqual([]);
    expect(filesIn(t, 'gallery').length).toBe(files - 2);
    expect((await list(c.mia.parent.headers)).items).toEqual([]);
  });
});

describe('two-year deletion', () => {
  it('the periodic job runs on the injected clock', async () => {
    const c = await cast();
    const photo = await sharedPhoto(c, [c.leo.childId]);
    const jobClock = new ManualClock(new Date('2026-03-05T19:00:00Z'));
    const job = startGalleryRetention({
      db: t.db,
      clock: jobClock,
      filesDir: privateFilesDir(t.config),
      log: t.app.log,
      intervalMs: 20,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await t.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo.id))).toHaveLength(1);
      jobClock.set(new Date('2028-03-05T19:00:00Z'));
      await vi.waitFor(async () =>
        expect(await t.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo.id))).toEqual([]),
      );
    } finally {
      await job.stop();
    }
  });

  it('computes the day two years after the session (29 February becomes 28 February)', () => {
    expect(deleteAfterOf('2026-03-04')).toBe('2028-03-04');
    expect(deleteAfterOf('2028-02-29')).toBe('2030-02-28');
  });

  it('deletes photos, their files and kept marks on the day two years after their session, not before', async () => {
    const c = await cast();
    const photo = await sharedPhoto(c, [c.leo.childId]);
    await inject('POST', '/api/gallary/images/select', c.leo.parent.headers, { photoIds: [photo.id] });
    const [row] = await t.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo.id));
    expect(row!.deleteAfter).toBe('2028-03-04');
    const filesDir = privateFilesDir(t.config);
    const later = new ManualClock(new Date('2028-03-04T07:00:00Z')); // 23:00 on 3 March in Los Angeles
    await deleteExpiredPhotos({ db: t.db, now: later.now(), filesDir });
    expect(existsSync(join(filesDir, row!.webPath))).toBe(true);
    later.advance(2 * 60 * 60 * 1000); // 01:00 on 4 March in Los Angeles
    expect(await deleteExpiredPhotos({ db: t.db, now: later.now(), filesDir })).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo.id))).toEqual([]);
    expect(await t.db.select().from(galleryKept).where(eq(galleryKept.photoId, photo.id))).toEqual([]);
    expect(existsSync(join(filesDir, row!.webPath))).toBe(false);
    expect(existsSync(join(filesDir, row!.thumbPath))).toBe(false);
  });
});
