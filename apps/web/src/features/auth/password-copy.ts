import { PASSWORD_MIN } from '@kikstart/contract/auth';

/** Shown under every "choose a password" field (the rules themselves live in the contract). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. Avoid common passwords; a short phrase is easy to remember.`;

/** The confirmation field of the reset and change-password forms. */
export const PASSWORDS_DIFFER = 'The passwords do not match';
