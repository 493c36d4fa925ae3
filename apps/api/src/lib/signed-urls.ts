import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to private pictures. An <img> cannot send the x-access-token header, so the API
 * hands out a link that carries its own permission: an HMAC over the file's path and an expiry,
 * made with a server secret. Only those allowed to see the picture are ever given the link.
 *
 * The expiry is rounded up to the next whole hour plus one, so a link stays the same for the
 * whole hour (the browser's cache keeps working across page loads) and lives 1 to 2 hours.
 */
export const FILE_URL_BUCKET_MS = 60 * 60 * 1000;
/**
 * Links to what a family shares with staff and other families (chat attachments, gallery photos)
 * are made for one signed-in viewer and live 5 to 10 minutes; pages re-sign them whenever they
 * list them (decision 0035).
 */
export const VIEWER_LINK_BUCKET_MS = 5 * 60 * 1000;
export const FILES_ROUTE = '/api/files';

/** Turns a stored path (`children/<name>.jpg`) into a link for the viewer at `now`; null stays null. */
export type FileUrls = (path: string | null | undefined) => string | null;

export function linkExpiry(now: Date, bucketMs = FILE_URL_BUCKET_MS): number {
  const bucketStart = Math.floor(now.getTime() / bucketMs) * bucketMs;
  return (bucketStart + 2 * bucketMs) / 1000;
}

const signature = (secret: string, path: string, expires: number) =>
  createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');

export function signedFileUrl(secret: string, path: string, now: Date, bucketMs = FILE_URL_BUCKET_MS): string {
  const expires = linkExpiry(now, bucketMs);
  return `${FILES_ROUTE}/${path}?expires=${expires}&signature=${signature(secret, path, expires)}`;
}

export const fileUrlSigner =
  (secret: string, now: Date): FileUrls =>
  (path) =>
    path ? signedFileUrl(secret, path, now) : null;

export type LinkCheck = { ok: true; expiresAt: number } | { ok: false; reason: 'expired' | 'invalid' };

/** Checks a link's signature first (a forged link learns nothing about expiry), then its expiry. */
export function checkSignedLink(secret: string, path: string, expires: number, given: string, now: Date): LinkCheck {
  const expected = Buffer.from(signature(secret, path, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, reason: 'invalid' };
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, expiresAt: expires * 1000 };
}
