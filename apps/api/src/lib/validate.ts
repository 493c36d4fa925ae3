import type { z } from 'zod';
import { AppError } from './errors.ts';

export const VALIDATION_MESSAGE = 'Please correct the highlighted fields';

/** Per-field messages from a zod error, keyed by dotted path; the first message per field wins. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : 'body';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The 400 the error handler would give for a schema failure, for input read by hand (multipart). */
export function validationError(errors: Record<string, string>) {
  const values = Object.values(errors);
  return new AppError('VALIDATION_FAILED', values.length === 1 ? values[0]! : VALIDATION_MESSAGE, errors);
}

/** Parses input that did not go through a route schema, answering 400 with per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrors(result.error.issues));
  return result.data;
}
