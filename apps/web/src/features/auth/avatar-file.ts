/** Avatar uploads (spec §5): JPEG or PNG only; the server checks the bytes and allows 5 MB. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_HINT = 'JPEG or PNG, up to 5 MB. A square photo looks best.';

/** Why a chosen file cannot be the avatar, or null when it can. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG or PNG image';
  if (file.size === 0) return 'This file is empty';
  if (file.size > AVATAR_MAX_BYTES) return 'The photo is too large (at most 5 MB)';
  return null;
}
