import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resendVerificationSchema, type EmailOnlyInput } from '@kikstart/contract/auth';
import { FormTextField } from './form/form-text-field.tsx';
import { FormStack } from './form/form-stack.tsx';
import { SubmitButton } from './form/submit-button.tsx';
import { applyServerErrors } from '../lib/form-errors.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { FormAlert } from './form-alert.tsx';

/** Email → POST /user/email-verify/resend; the answer is the same for any address. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  const [sent, setSent] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<EmailOnlyInput>({
    resolver: zodResolver(resendVerificationSchema),
    defaultValues: { email: defaultEmail },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      setSent(await resend.mutateAsync(values));
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
    }
  });
  return (
    <>
      {sent && <FormAlert severity="success">{sent}</FormAlert>}
      <FormStack label="Send the verification link again" onSubmit={onSubmit}>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
        <SubmitButton loading={resend.isPending}>Send a new link</SubmitButton>
      </FormStack>
    </>
  );
}
