import sharp from 'sharp';
import { UPLOAD_MESSAGES } from '@kikstart/contract/uploads';
import { AppError } from './errors.ts';

/** The longest side an uploaded picture keeps; larger ones are scaled down. */
export const MAX_IMAGE_EDGE = 2048;
/**
 * Decoding stops above this many pixels (a 48-megapixel phone photo is ~48.8 M): a small file
 * can claim a huge canvas (a "decompression bomb") and take the server's memory.
 */
export const MAX_IMAGE_PIXELS = 60_000_000;

// Uploads are one-off: libvips' operation cache would only hold on to memory.
sharp.cache(false);

/**
 * Decodes and re-encodes an image, so nothing but its pixels survives: EXIF (GPS location,
 * camera serials), XMP, IPTC, ICC, text chunks, and whatever a parser of container formats
 * would miss (a second picture appended after the first, as phones write for the multi-picture
 * format; metadata behind 0xFF fill bytes). Orientation is applied to the pixels first, and
 * the long edge is capped. JPEG stays JPEG and PNG stays PNG.
 */
export async function reencodeImage(bytes: Buffer, mime: 'image/jpeg' | 'image/png', field = 'file'): Promise<Buffer> {
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
    // No withMetadata()/keepExif(): sharp writes none of the input's metadata by default.
    return await (mime === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer();
  } catch {
    // A file that starts like a JPEG or PNG but does not decode (truncated, corrupt, too large).
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unreadableImage, {
      [field]: UPLOAD_MESSAGES.unreadableImage,
    });
  }
}
