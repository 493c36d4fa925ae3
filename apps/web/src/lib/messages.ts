/**
 * Same text as FALLBACK_ERROR_MESSAGE in @kikstart/contract/common (spec §8). Copied, not
 * imported: that module builds zod schemas at load time, which would put zod in the landing chunk.
 */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

/** The toast of a refused form whose messages are under its fields (the toast does not repeat them). */
export const FIX_FIELDS_MESSAGE = 'Please correct the highlighted fields';

/** A refused id: for a parent, a link that is cut off or out of date. */
export const INVALID_ID_MESSAGE =
  'We could not find that. The link may be incomplete or out of date; please go back and try again.';

/** Said once when the parent signs out. */
export const SIGNED_OUT_MESSAGE = 'You are signed out';

/** Said once when a signed-in page finds the session gone (expired, revoked, signed out elsewhere). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
