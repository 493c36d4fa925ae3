/**
 * Account roles, once for the database enum (staff_role), the API's guards and the web app.
 * Imports nothing, so the database package can use it.
 *
 * Roles add, they do not swap (docs/decisions/0020-staff-roles-and-audit.md): an account is a
 * parent because it belongs to a family, and holds coach or admin besides, so a parent who
 * becomes a coach keeps their children, enrollments and payments.
 */
export const ROLES = [
  /** A guardian: the family's children, enrollments and payments. Anyone in a family. */
  'parent',
  /** Staff: the rosters (allergies, pickup lists) and attendance of the programs they coach. */
  'coach',
  /** Staff: programs, schools, content, plans, coupons, leads and every family's records. */
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** The roles stored on an account; `parent` is not stored but follows from the family. */
export const STAFF_ROLES = ['coach', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every role an account has: parent when it is in a family, then its staff roles. */
export function rolesOf(account: { familyId: string | null; staffRoles: readonly StaffRole[] }): Role[] {
  return [
    ...(account.familyId ? (['parent'] as const) : []),
    ...STAFF_ROLES.filter((r) => account.staffRoles.includes(r)),
  ];
}
