import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { UserProfile } from '@kikstart/contract/auth';
import { UPLOAD_MESSAGES } from '@kikstart/contract/uploads';
import { MAX_IMAGE_EDGE } from '../../lib/images.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addChild } from '../../../test/enrollment-fixtures.ts';
import {
  GPS_EXIF,
  METADATA_MARKERS,
  jpegWithGps,
  photoUrlOf,
  plainJpeg,
  uploadChildPhoto,
} from '../../../test/file-fixtures.ts';
import { multipartForm } from '../../../test/multipart.ts';

let t: TestApp;
let parent: Awaited<ReturnType<typeof createUserWithSession>>;
let childId: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await createUserWithSession(t);
  childId = await addChild(t, parent.headers);
});
afterAll(() => t.close());

/** Uploads as a child photo and returns the bytes the API serves for it. */
async function served(bytes: Buffer, type = 'image/jpeg') {
  const res = await uploadChildPhoto(t, parent.headers, childId, bytes, type);
  expect(res.statusCode, res.body).toBe(200);
  const file = await t.app.inject({ url: photoUrlOf(res) });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  for (const marker of METADATA_MARKERS) expect(bytes.includes(marker), `served bytes contain "${marker}"`).toBe(false);
  // The EXIF GPS-IFD pointer tag (0x8825), in either byte order.
  expect(
    bytes.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || bytes.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])),
  ).toBe(false);
}

describe('uploaded pictures are re-encoded: no location survives', () => {
  it('the fixtures really carry GPS where the tests say', async () => {
    const gps = await jpegWithGps();
    expect((await sharp(gps).metadata()).exif).toBeDefined();
    expect(gps.includes('GPS')).toBe(true);
  });

  it('GPS in the main image', async () => {
    const bytes = await served(await jpegWithGps());
    await expectNoMetadata(bytes);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  });

  it('GPS in a second image appended after the first (the multi-picture format phones write)', async () => {
    const second = await jpegWithGps(120, 80);
    const mpf = Buffer.concat([await plainJpeg(), second]);
    expect(mpf.includes('GPS')).toBe(true);
    const bytes = await served(mpf);
    await expectNoMetadata(bytes);
    // One image, not two: only one start-of-image marker.
    expect(bytes.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBe(-1);
  });

  it('GPS behind legal 0xFF fill bytes before the EXIF marker', async () => {
    const gps = await jpegWithGps();
    // SOI, then fill bytes, then the APP1 (EXIF) segment and the rest.
    const filled = Buffer.concat([gps.subarray(0, 2), Buffer.from([0xff, 0xff, 0xff]), gps.subarray(2)]);
    expect((await sharp(filled).metadata()).width).toBe(300); // still a valid JPEG
    await expectNoMetadata(await served(filled));
  });

  it('orientation is applied to the pixels, and the tag is gone', async () => {
    // 300×200 stored, with "rotate 90°" (6): shown as 200×300.
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif(GPS_EXIF)
      .toBuffer();
    const bytes = await served(rotated);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation).toBeUndefined();
    await expectNoMetadata(bytes);
  });

  it('the long edge is capped at 2048 px; smaller pictures keep their size', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const meta = await sharp(await served(big)).metadata();
    expect([meta.width, meta.height]).toEqual([MAX_IMAGE_EDGE, 1024]);
    const small = await sharp(await served(await plainJpeg(64, 48))).metadata();
    expect([small.width, small.height]).toEqual([64, 48]);
  });

  it('PNG stays PNG, without text or EXIF chunks, capped too (avatar upload)', async () => {
    const png = await sharp({ create: { width: 2500, height: 2500, channels: 4, background: '#2563eb' } })
      .png()
      .withExif(GPS_EXIF)
      .toBuffer();
    expect(png.includes('eXIf') || png.includes('Exif')).toBe(true);
    const form = multipartForm({}, { field: 'avatar', filename: 'me.png', type: 'image/png', bytes: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-update',
      headers: { ...parent.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const bytes = (await t.app.inject({ url: body<UserProfile>(res).data.avatarUrl! })).rawPayload;
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([MAX_IMAGE_EDGE, MAX_IMAGE_EDGE]);
    expect(bytes.includes('eXIf') || bytes.includes('tEXt') || bytes.includes('iTXt') || bytes.includes('zTXt')).toBe(
      false,
    );
    await expectNoMetadata(bytes);
  });

  it('a JPEG header on bytes that do not decode: 415 naming the field, nothing stored', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const res = await uploadChildPhoto(t, parent.headers, childId, broken);
    expect(res.statusCode).toBe(415);
    expect(body(res).errors).toEqual({ photo: UPLOAD_MESSAGES.unreadableImage });
  });
});
