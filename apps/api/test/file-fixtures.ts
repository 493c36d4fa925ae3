import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Child } from '@kikstart/contract/children';
import { privateFilesDir } from '../src/lib/uploads.ts';
import { body, type TestApp } from './test-app.ts';
import { multipartForm } from './multipart.ts';

/** Test-only helpers for private pictures: picture fixtures, uploads, files on disk. */

/** EXIF with a location: GPSMapDatum puts the readable "GPS" into the bytes for a byte search. */
export const GPS_EXIF = {
  IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '37/1 46/1 3000/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '122/1 25/1 1000/100',
    GPSMapDatum: 'WGS-84 GPS fix',
  },
};

export const plainJpeg = (width = 300, height = 200, colour = '#c8161d') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
export const jpegWithGps = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .withExif(GPS_EXIF)
    .toBuffer();
export const pngOf = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 4, background: '#00a86b80' } })
    .png()
    .toBuffer();

/** Bytes a served picture must not carry: EXIF headers, the GPS strings, the camera's name. */
export const METADATA_MARKERS = ['Exif', 'GPS', 'WGS-84', 'PhoneCo', 'MPF'];

export async function uploadChildPhoto(
  t: TestApp,
  headers: Record<string, string>,
  childId: string,
  bytes: Buffer,
  type = 'image/jpeg',
) {
  const form = multipartForm(
    { childId },
    { field: 'photo', filename: type === 'image/png' ? 'p.png' : 'p.jpg', type, bytes },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/children/photo',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

export const photoUrlOf = (res: LightMyRequestResponse) => body<Child>(res).data.photoUrl!;

/** The file a link points at, on disk under the private folder. */
export const fileOnDisk = (t: TestApp, url: string) =>
  join(privateFilesDir(t.config), new URL(url, 'http://x').pathname.replace('/api/files/', ''));

export const filesIn = (t: TestApp, folder: string) => {
  try {
    return readdirSync(join(privateFilesDir(t.config), folder)).sort();
  } catch {
    return [];
  }
};
