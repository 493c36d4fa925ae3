import { ERROR_CODES, type ErrorCode } from '@kikstart/contract/errors';

export type { ErrorCode };

/**
 * A failure a service reports on purpose. `code` is the machine-readable code from the
 * contract (it fixes the HTTP status); the error handler puts it in the envelope beside
 * `message`, so clients branch on the code and show the message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Per-field messages, for errors a form shows under its fields. */
  readonly fields?: Record<string, string>;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (fields) this.fields = fields;
  }
  get status() {
    return ERROR_CODES[this.code];
  }
}
