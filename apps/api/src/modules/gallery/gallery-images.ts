import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { GALLERY_THUMB_EDGE, GALLERY_WEB_EDGE } from '@kikstart/contract/gallery';
import { removeStoredFile } from '../../lib/uploads.ts';

/** The private folder (under $DATA_DIR/private) that holds gallery photos; never served statically. */
export const GALLERY_FOLDER = 'gallery';

export interface GalleryImage {
  web: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * The two copies families are served, made from an upload already re-encoded by checkUpload
 * (lib/images.ts: orientation applied, metadata dropped). Both are JPEG (a PNG is laid on white):
 * a web-sized copy for the lightbox and the zip, and a thumbnail for the grid. sharp writes no
 * metadata unless asked, so neither carries EXIF, GPS or ICC.
 */
export async function galleryCopies(clean: Buffer): Promise<GalleryImage> {
  const copy = (edge: number, quality: number) =>
    sharp(clean, { failOn: 'error' })
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      // Plain libjpeg: mozjpeg made both copies ~4.6× slower here (968 vs 209 ms a photo on 2 cores).
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
  const web = await copy(GALLERY_WEB_EDGE, 82);
  const thumb = await copy(GALLERY_THUMB_EDGE, 72);
  return { web: web.data, thumb: thumb.data, width: web.info.width, height: web.info.height };
}

/** Writes both copies with random names; returns the stored paths (`gallery/<32 hex>.jpg`). */
export async function storeGalleryImage(privateDir: string, image: GalleryImage) {
  await mkdir(join(privateDir, GALLERY_FOLDER), { recursive: true });
  const name = () => `${GALLERY_FOLDER}/${randomBytes(16).toString('hex')}.jpg`;
  const webPath = name();
  const thumbPath = name();
  await writeFile(join(privateDir, webPath), image.web);
  await writeFile(join(privateDir, thumbPath), image.thumb);
  return { webPath, thumbPath };
}

/** Deletes stored copies once the rows are gone (never throws; see removeStoredFile). */
export async function removeGalleryFiles(privateDir: string, paths: { webPath: string; thumbPath: string }[]) {
  for (const p of paths) {
    await removeStoredFile(privateDir, p.webPath);
    await removeStoredFile(privateDir, p.thumbPath);
  }
}
