import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { Envelope } from '@kikstart/contract/common';
import { applyServerErrors } from '../../lib/form-errors.ts';

interface SentFormOptions<TIn extends FieldValues, TOut> {
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
 * under their fields. (The API client already shows the spec §8 toasts.)
 */
export function useSentForm<TIn extends FieldValues, TOut>({
  resolver,
  empty,
  send,
  fields,
}: SentFormOptions<TIn, TOut>) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<TIn, unknown, TOut>({ resolver, defaultValues: empty as DefaultValues<TIn> });
  const onSubmit = form.handleSubmit((values) =>
    send(values).then(
      (envelope) => {
        form.reset(empty);
        setSent(envelope.message);
      },
      (error: unknown) => applyServerErrors(error, form.setError, fields),
    ),
  );
  return { control: form.control, register: form.register, onSubmit, sent, clearSent: () => setSent(null) };
}
