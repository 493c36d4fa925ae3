import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the server's per-field messages (ApiError.errors) under the matching form fields.
 * Only fields listed in `fields` (when given) are set. Returns true if any field matched, so
 * the caller knows the error is shown inline (the api client already showed the toast).
 */
export function applyServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  fields?: readonly Path<TValues>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  let first = true;
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    if (typeof message !== 'string' || !message) continue;
    if (fields && !fields.includes(field as Path<TValues>)) continue;
    setError(field as Path<TValues>, { type: 'server', message }, { shouldFocus: first });
    first = false;
    matched = true;
  }
  return matched;
}
