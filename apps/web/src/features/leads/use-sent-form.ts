import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { Envelope } from '@kikstart/contract/common';
import type { PageFormId } from '@kikstart/contract/page-forms';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { usePostedForm } from './use-posted-form.ts';

interface SentFormOptions<TIn extends FieldValues, TOut> {
  /** Which page form it is: its fields can also be posted without scripts (decision 0033). */
  form?: PageFormId;
  /** zodResolver(schema) with the contract's schema, so messages match the server's. */
  resolver: Resolver<TIn, unknown, TOut>;
  /** The blank form; it is also what the form resets to after a send. */
  empty: TIn;
  send: (values: TOut) => Promise<Envelope<unknown>>;
  /** Limit server field errors to these fields (others stay in the toast). */
  fields?: readonly Path<TIn>[];
}

/**
 * A lead form that gives way to a confirmation once sent: validated with the contract schema,
 * reset after success with the server's message kept in `sent`, and server field errors shown
 * under their fields. (The API client already shows the spec §8 toasts.) On a page that answers
 * a post of this form made without scripts, it starts with that post's outcome.
 */
export function useSentForm<TIn extends FieldValues, TOut>({
  form: formId,
  resolver,
  empty,
  send,
  fields,
}: SentFormOptions<TIn, TOut>) {
  const posted = usePostedForm(formId, empty);
  const [sent, setSent] = useState<string | null>(posted.sent);
  const [sentByPost, setSentByPost] = useState(posted.sent !== null);
  const form = useForm<TIn, unknown, TOut>({
    resolver,
    defaultValues: posted.defaultValues as DefaultValues<TIn>,
    errors: posted.errors,
  });
  const onSubmit = form.handleSubmit((values) =>
    send(values).then(
      (envelope) => {
        form.reset(empty);
        setSentByPost(false);
        setSent(envelope.message);
      },
      (error: unknown) => applyServerErrors(error, form.setError, fields),
    ),
  );
  return {
    control: form.control,
    register: form.register,
    onSubmit,
    sent,
    clearSent: () => {
      setSentByPost(false);
      setSent(null);
    },
    /** For LeadForm: which form, and what went wrong in its post when no field says it. */
    page: formId && { form: formId, problem: posted.problem },
    /** The confirmation came from a post without scripts: no toast said it, so the page must. */
    sentByPost,
  };
}
