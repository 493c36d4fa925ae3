/**
 * Machine-readable error codes: every error envelope carries one in `code`, beside the
 * human `message`. Clients branch on the code, never on the message text (which may change).
 * Each code has one HTTP status, so a code names both what happened and how it was answered.
 */
export const ERROR_CODES = {
  // Generic: the request as a whole.
  BAD_REQUEST: 400,
  /** Per-field messages in `errors` (schema failures, multipart fields read by hand). */
  VALIDATION_FAILED: 400,
  /** A value slipped past a schema and the database refused it. */
  INVALID_VALUE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,

  // Refused before a route runs: body, URL and multipart limits (plugins/error-handler.ts).
  BODY_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  TOO_MANY_PARTS: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_JSON: 400,
  EMPTY_BODY: 400,
  INVALID_CONTENT_LENGTH: 400,
  INVALID_URL: 400,
  URL_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  MALFORMED_REQUEST: 400,

  // Accounts.
  /** Sign-in or a seat hold refused until the email address is confirmed. */
  EMAIL_UNVERIFIED: 403,
  /** The password-reset token expired or was used: the code has to be entered again. */
  RESET_TOKEN_INVALID: 400,
  /** Staff deactivated the account: sign-in is refused (said only after the right password). */
  ACCOUNT_DEACTIVATED: 403,
  /** The change would leave no active admin (removing the last admin's role or deactivating them). */
  LAST_ADMIN: 409,

  // Enrollment.
  /** Every seat is taken; the waitlist is open. */
  PROGRAM_FULL: 409,
  /** The family is at MAX_UNPAID_HOLDS unpaid seat holds. */
  HOLD_LIMIT: 409,
  /** The waiver text changed since the guardian read it. */
  WAIVER_CHANGED: 409,
  ALREADY_ENROLLED: 409,
  /** Another enrollment overlaps; `errors.clash` describes it, and acknowledgeClash goes ahead. */
  SCHEDULE_CLASH: 409,
  /** The child is outside the program's age or grade range, or it is not open. */
  NOT_ELIGIBLE: 422,

  // Payments.
  /** A Stripe webhook whose Stripe-Signature header is missing or does not match its body. */
  WEBHOOK_SIGNATURE_INVALID: 400,

  // Memberships.
  /** The family already has a live membership (change it instead of buying a second one). */
  ALREADY_SUBSCRIBED: 409,
  /** Attaching, cancelling or changing a plan needs a live membership. */
  NO_MEMBERSHIP: 409,
  /** The plan covers at most max_children children. */
  CHILD_LIMIT: 409,
  /** The saved card was declined (an upgrade's charge); `message` gives the card's reason. */
  PAYMENT_DECLINED: 402,

  // Staff console: the catalog.
  /** A program's capacity may not go below the seats already taken; `message` names how many. */
  CAPACITY_BELOW_TAKEN: 409,
  /** A program, school or coach still in use (enrollments, programs) cannot be deleted. */
  IN_USE: 409,
  // Coach portal.
  /** The person named for a pickup is neither a guardian nor on the child's pickup list; the attempt is kept. */
  PICKUP_NOT_ALLOWED: 403,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** The generic code for an HTTP error status that has no code of its own. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'BODY_TOO_LARGE';
    case 414:
      return 'URL_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'UNPROCESSABLE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}
