/**
 * Files are served by the API host (spec §2), which may be another origin: public uploads at
 * `/uploads/…`, and private pictures (child photos, avatars) at the signed `/api/files/…?expires=…&signature=…`
 * links the API returns in photoUrl/avatarUrl, which are kept whole.
 */
export function uploadUrl(
  path: string | null | undefined,
  apiUrl: string = import.meta.env.VITE_API_URL ?? '',
): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|blob:|data:)/.test(path)) return path;
  return `${apiUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
