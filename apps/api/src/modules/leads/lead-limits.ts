/**
 * Spam limits of the public lead forms, in one place so tests (and operators) can reason about
 * them. Each route counts per client IP on its own; invalid and honeypot submissions count too.
 */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 } as const;

/** Newsletter confirm/unsubscribe links: generous for people, a wall for token guessing. */
export const NEWSLETTER_TOKEN_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 } as const;

/** A confirmation link stays valid this long. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 3600_000;

/** A repeated sign-up of a pending address resends the confirmation at most this often. */
export const NEWSLETTER_RESEND_INTERVAL_MS = 10 * 60_000;
