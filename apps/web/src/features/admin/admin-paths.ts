import { paths } from '../../lib/paths.ts';

/** The console's root; sections sit below it (admin-sections.tsx). */
export const ADMIN_PATH = paths.admin;

/** adminPath('programs', id) → /admin/programs/<id>; adminPath('') → /admin. */
export function adminPath(...parts: string[]) {
  return [ADMIN_PATH, ...parts.filter(Boolean).map(encodeURIComponent)].join('/');
}
