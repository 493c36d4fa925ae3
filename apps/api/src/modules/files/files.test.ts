import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { children, users } from '@kikstart/db';
import type { UserProfile } from '@kikstart/contract/auth';
import type { Child } from '@kikstart/contract/children';
import { FILE_MESSAGES } from '@kikstart/contract/files';
import { privateFilesDir } from '../../lib/uploads.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addChild } from '../../../test/enrollment-fixtures.ts';
import { fileOnDisk, filesIn, photoUrlOf, plainJpeg, pngOf, uploadChildPhoto } from '../../../test/file-fixtures.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { onPostgres } from '../../../test/on-postgres.ts';

// Half past an hour, so moving by minutes stays inside or crosses the hour on purpose.
const clock = new ManualClock(new Date('2026-11-23T10:30:00Z'));
let t: TestApp;
let parent: Awaited<ReturnType<typeof createUserWithSession>>;
let other: Awaited<ReturnType<typeof createUserWithSession>>;
let childId: string;
let photoUrl: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  parent = await createUserWithSession(t);
  other = await createUserWithSession(t);
  childId = await addChild(t, parent.headers, { firstName: 'Lina' });
  const res = await uploadChildPhoto(t, parent.headers, childId, await plainJpeg());
  expect(res.statusCode).toBe(200);
  photoUrl = photoUrlOf(res);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const pathOf = (url: string) => new URL(url, 'http://x').pathname;
const listPhotoUrl = async (headers = parent.headers) =>
  body<Child[]>(await get('/api/children/list', headers)).data.find((c) => c.id === childId)!.photoUrl!;

describe('private pictures: who sees them', () => {
  it('the family loads the photo from the signed link in photoUrl, with private caching until the link expires', async () => {
    expect(photoUrl).toMatch(/^\/api\/files\/children\/[0-9a-f]{32}\.jpg\?expires=\d+&signature=[\w-]{43}$/);
    const res = await get(photoUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=5400'); // expires 12:00, now 10:30
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('is never under /uploads, neither on disk nor by URL', async () => {
    const name = pathOf(photoUrl).split('/').pop()!;
    expect(existsSync(fileOnDisk(t, photoUrl))).toBe(true);
    expect(existsSync(join(t.config.uploadDir, 'children', name))).toBe(false);
    expect((await get(`/uploads/children/${name}`)).statusCode).toBe(404);
  });

  it('anonymous without a link: 403; another family with its own token: 404; the family and an admin with the header: 200', async () => {
    const bare = pathOf(photoUrl);
    const anonymous = await get(bare);
    expect(anonymous.statusCode).toBe(403);
    expect(body(anonymous)).toMatchObject({ status: 403, message: FILE_MESSAGES.linkInvalid, data: null });
    const stranger = await get(bare, other.headers);
    expect(stranger.statusCode).toBe(404);
    expect(body(stranger).message).toBe(FILE_MESSAGES.notFound);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await get(bare, coach.headers)).statusCode).toBe(404); // not on a roster of theirs (rosters come later)
    expect((await get(bare, parent.headers)).statusCode).toBe(200);
    const admin = await createUserWithSession(t, { role: 'admin' });
    const byAdmin = await get(bare, admin.headers);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('another family never gets a link: their lists do not hold the child, and guessing ids is 404', async () => {
    expect(body<Child[]>(await get('/api/children/list', other.headers)).data).toEqual([]);
    expect((await get(`/api/children/basic-info?id=${childId}`, other.headers)).statusCode).toBe(404);
  });

  it('a forged, altered or borrowed signature: 403', async () => {
    const url = new URL(photoUrl, 'http://x');
    const sig = url.searchParams.get('signature')!;
    const forged = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(forged)).statusCode).toBe(403);
    const later = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${sig}`;
    expect((await get(later)).statusCode).toBe(403);
    // A valid signature for another picture does not open this one.
    const avatar = await setAvatar(other.headers, await pngOf());
    const avatarSig = new URL(avatar.avatarUrl!, 'http://x').searchParams.get('signature');
    expect(
      (await get(`${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${avatarSig}`)).statusCode,
    ).toBe(403);
    expect(body(await get(`${url.pathname}?expires=abc&signature=${sig}`)).status).toBe(400);
  });

  it('links stay the same within the hour (cacheable), change with the next hour, and expire', async () => {
    const first = await listPhotoUrl();
    clock.advanceMinutes(20); // 10:50
    expect(await listPhotoUrl()).toBe(first);
    clock.advanceMinutes(20); // 11:10
    const next = await listPhotoUrl();
    expect(next).not.toBe(first);
    expect((await get(first)).statusCode).toBe(200); // still within its 12:00 expiry
    clock.advanceMinutes(60); // 12:10
    const expired = await get(first);
    expect(expired.statusCode).toBe(403);
    expect(body(expired).message).toBe(FILE_MESSAGES.linkExpired);
    expect((await get(next)).statusCode).toBe(200); // expires 13:00
    photoUrl = await listPhotoUrl();
  });
});

async function setAvatar(headers: Record<string, string>, bytes: Buffer) {
  const form = multipartForm({}, { field: 'avatar', filename: 'me.png', type: 'image/png', bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/profile-update',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return body<UserProfile>(res).data;
}

describe('private pictures: replaced and removed files are deleted', () => {
  it('a replaced child photo is gone from disk and its old link answers 404; a removed one too', async () => {
    const oldFile = fileOnDisk(t, photoUrl);
    expect(existsSync(oldFile)).toBe(true);
    const replaced = await uploadChildPhoto(t, parent.headers, childId, await pngOf(), 'image/png');
    const newUrl = photoUrlOf(replaced);
    expect(existsSync(oldFile)).toBe(false);
    expect((await get(photoUrl)).statusCode).toBe(404);
    expect((await get(newUrl)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo/remove',
      headers: parent.headers,
      payload: { childId },
    });
    expect(body<Child>(removed).data.photoUrl).toBeNull();
    expect(existsSync(fileOnDisk(t, newUrl))).toBe(false);
    expect((await get(newUrl)).statusCode).toBe(404);
  });

  it('avatars: private, signed, and the replaced file deleted', async () => {
    const user = await createUserWithSession(t);
    const first = await setAvatar(user.headers, await pngOf());
    expect(first.avatarUrl).toMatch(/^\/api\/files\/avatars\/[0-9a-f]{32}\.png\?expires=\d+&signature=/);
    expect((await get(pathOf(first.avatarUrl!))).statusCode).toBe(403);
    expect((await get(pathOf(first.avatarUrl!), other.headers)).statusCode).toBe(404);
    expect((await get(first.avatarUrl!)).statusCode).toBe(200);
    const profile = body<UserProfile>(await get('/api/user/profile', user.headers)).data;
    expect(profile.avatarUrl).toBe(first.avatarUrl);
    const second = await setAvatar(user.headers, await pngOf());
    expect(existsSync(fileOnDisk(t, first.avatarUrl!))).toBe(false);
    expect(existsSync(fileOnDisk(t, second.avatarUrl!))).toBe(true);
  });

  it.runIf(onPostgres)(
    '20 concurrent avatar uploads leave exactly one file, the one the profile points at',
    async () => {
      const user = await createUserWithSession(t);
      const before = filesIn(t, 'avatars');
      const png = await pngOf();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => {
          const form = multipartForm({}, { field: 'avatar', filename: 'me.png', type: 'image/png', bytes: png });
          return t.app.inject({
            method: 'POST',
            url: '/api/user/profile-update',
            headers: { ...user.headers, ...form.headers },
            payload: form.payload,
          });
        }),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const added = filesIn(t, 'avatars').filter((f) => !before.includes(f));
      const [row] = await t.db.select({ avatarPath: users.avatarPath }).from(users).where(eq(users.id, user.userId));
      expect(added).toEqual([row!.avatarPath!.replace('avatars/', '')]);
    },
  );

  it.runIf(onPostgres)('20 concurrent child photo uploads leave exactly one file', async () => {
    const id = await addChild(t, parent.headers, { firstName: 'Noor' });
    const before = filesIn(t, 'children');
    const jpeg = await plainJpeg();
    const results = await Promise.all(Array.from({ length: 20 }, () => uploadChildPhoto(t, parent.headers, id, jpeg)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const added = filesIn(t, 'children').filter((f) => !before.includes(f));
    const [row] = await t.db.select({ photoPath: children.photoPath }).from(children).where(eq(children.id, id));
    expect(added).toEqual([row!.photoPath!.replace('children/', '')]);
  });
});

describe('private pictures: upgrading and restarting', () => {
  it('photos and avatars an older version kept under /uploads move to the private folder, and links survive a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kikstart-old-uploads-'));
    const name = `${'ab'.repeat(16)}.jpg`;
    mkdirSync(join(dataDir, 'uploads', 'children'), { recursive: true });
    mkdirSync(join(dataDir, 'uploads', 'programs'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'children', name), await plainJpeg());
    writeFileSync(join(dataDir, 'uploads', 'programs', 'p.jpg'), 'public'); // public images stay
    const first = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect(existsSync(join(dataDir, 'uploads', 'children', name))).toBe(false);
      expect(existsSync(join(privateFilesDir(first.config), 'children', name))).toBe(true);
      expect(existsSync(join(dataDir, 'uploads', 'programs', 'p.jpg'))).toBe(true);
      const admin = await createUserWithSession(first, { role: 'admin' });
      const fam = await createUserWithSession(first);
      const id = await addChild(first, fam.headers);
      await first.db
        .update(children)
        .set({ photoPath: `children/${name}` })
        .where(eq(children.id, id));
      const link = body<Child[]>(await first.app.inject({ url: '/api/children/list', headers: fam.headers })).data[0]!
        .photoUrl!;
      expect((await first.app.inject({ url: link })).statusCode).toBe(200);
      expect((await first.app.inject({ url: pathOf(link), headers: admin.headers })).statusCode).toBe(200);
      // The same data dir after a restart keeps the signing key, so links handed out stay valid.
      const second = await createTestApp({ DATA_DIR: dataDir });
      try {
        expect((await second.app.inject({ url: link })).statusCode).toBe(200);
      } finally {
        await second.close();
      }
      // With FILE_URL_SECRET set, that secret signs instead.
      const third = await createTestApp({ DATA_DIR: dataDir, FILE_URL_SECRET: 'x'.repeat(40) });
      try {
        expect((await third.app.inject({ url: link })).statusCode).toBe(403);
      } finally {
        await third.close();
      }
    } finally {
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000); // three apps on one data dir, each starting its own PGlite: past the default on a busy machine
});
