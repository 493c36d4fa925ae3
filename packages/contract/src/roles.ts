/**
 * Account roles, once for the database enum (user_role), the API's guards and the web app.
 * Imports nothing, so the database package can use it.
 */
export const ROLES = [
  /** A guardian: the family's children, enrollments and payments. Every sign-up starts here. */
  'parent',
  /** Staff: the rosters (allergies, pickup lists) and attendance of the programs they coach. */
  'coach',
  /** Staff: programs, schools, content, plans, coupons, leads and every family's records. */
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** What an account is when nothing else is said (the database column's default). */
export const DEFAULT_ROLE = 'parent' satisfies Role;
