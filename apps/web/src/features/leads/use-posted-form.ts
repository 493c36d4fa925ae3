import { useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { PageFormId } from '@kikstart/contract/page-forms';
import { isPageHydrated, useRenderEnv } from '../../lib/render-env.ts';

/** A lead form's first state when its page answers a post of it made without scripts (decision 0033). */
export interface PostedForm<TValues extends FieldValues> {
  /** What the visitor posted, over the blank form; the blank form when nothing was posted. */
  defaultValues: TValues;
  /** Each field's message from the server (react-hook-form's `errors`), or undefined. */
  errors: FieldErrors<TValues> | undefined;
  /** The success message when the post was taken. */
  sent: string | null;
  /** What went wrong when no field of the form says it (too many requests, an offer gone). */
  problem: string | null;
  /** The form came from a post: its success is said in the page, as no toast says it. */
  posted: boolean;
}

/**
 * The form's first state: blank, or the outcome of its post. Read once, by the page's first
 * render only (the server's and the hydrating one), so a form shown again later starts blank.
 */
export function usePostedForm<TValues extends FieldValues>(
  form: PageFormId | undefined,
  empty: TValues,
): PostedForm<TValues> {
  const result = useRenderEnv().formResult;
  const [state] = useState<PostedForm<TValues>>(() => {
    if (!form || result?.form !== form || isPageHydrated()) {
      return { defaultValues: empty, errors: undefined, sent: null, problem: null, posted: false };
    }
    if (result.sent)
      return { defaultValues: empty, errors: undefined, sent: result.message, problem: null, posted: true };
    const known = (field: string) => field in empty && field !== 'website';
    const values = Object.fromEntries(Object.entries(result.values).filter(([field]) => known(field)));
    const fieldErrors = Object.entries(result.errors).filter(([field]) => known(field));
    const others = Object.entries(result.errors).filter(([field]) => !known(field));
    return {
      defaultValues: { ...empty, ...values },
      errors:
        fieldErrors.length > 0
          ? (Object.fromEntries(
              fieldErrors.map(([field, message]) => [field, { type: 'server', message }]),
            ) as FieldErrors<TValues>)
          : undefined,
      sent: null,
      problem:
        others.length > 0 ? others.map(([, message]) => message).join(' ') : fieldErrors.length ? null : result.message,
      posted: true,
    };
  });
  return state;
}
