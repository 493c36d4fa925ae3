import type { z } from 'zod';
import { signupSchema } from './auth.ts';

/**
 * The first admin (`npm run create-admin`, or ADMIN_EMAIL and ADMIN_PASSWORD on a start): the
 * sign-up rules for the name, the email and the password, without the phone a parent gives.
 */
export const createAdminSchema = signupSchema.pick({ firstName: true, lastName: true, email: true, password: true });
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** Names given to an admin made from the environment without ADMIN_FIRST_NAME / ADMIN_LAST_NAME. */
export const DEFAULT_ADMIN_NAME = { firstName: 'Site', lastName: 'Administrator' } as const;

/** What create-admin did, in the words it prints. */
export const CREATE_ADMIN_OUTCOMES = {
  created: 'Created a new admin account (email verified, no family).',
  promoted: 'Added the admin role to the existing account; its password and family are unchanged.',
  claimed:
    'The account existed but its email was never verified: it now has the password given here, a verified email and the admin role, and its old sessions are ended.',
  'already-admin': 'This account is already an admin; nothing changed.',
} as const;
export type CreateAdminOutcome = keyof typeof CREATE_ADMIN_OUTCOMES;
