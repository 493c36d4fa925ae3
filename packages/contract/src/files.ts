import { z } from 'zod';

/**
 * Private pictures (child photos, parent avatars): GET /api/files/<folder>/<name>. The API
 * returns them in `photoUrl` / `avatarUrl` as short-lived signed links, so an <img> can load
 * them without the access-token header; a signed-in client may also send the header instead.
 */
export const PRIVATE_PICTURE_FOLDERS = ['children', 'avatars'] as const;
export type PrivatePictureFolder = (typeof PRIVATE_PICTURE_FOLDERS)[number];

export const FILE_MESSAGES = {
  notFound: 'Picture not found',
  linkInvalid: 'This picture link is not valid',
  linkExpired: 'This picture link has expired; reload the page to see the picture',
} as const;

export const privatePictureParams = z.object({
  folder: z.enum(PRIVATE_PICTURE_FOLDERS, { error: FILE_MESSAGES.notFound }),
  name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png)$/, FILE_MESSAGES.notFound),
});

export const signedLinkQuery = z.object({
  expires: z.coerce
    .number({ error: FILE_MESSAGES.linkInvalid })
    .int(FILE_MESSAGES.linkInvalid)
    .positive(FILE_MESSAGES.linkInvalid)
    .optional(),
  signature: z.string().max(100, FILE_MESSAGES.linkInvalid).optional(),
});

/**
 * A link made for one signed-in viewer (chat attachments, gallery photos; decision 0035): `v`
 * names the user it was made for, and is part of what the signature covers.
 */
export const viewerLinkQuery = signedLinkQuery.extend({
  v: z.uuid({ error: FILE_MESSAGES.linkInvalid }).optional(),
});
