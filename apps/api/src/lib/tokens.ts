import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret for a session, a link or a code: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database stores instead of the secret, so a leaked table reveals no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
