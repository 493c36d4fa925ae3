import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { newsletterSignupSchema } from '@kikstart/contract/leads';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useAddNewsletter } from '../api/add-newsletter.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { useSentForm } from '../use-sent-form.ts';

type Values = z.input<typeof newsletterSignupSchema>;
const EMPTY: Values = { email: '', website: '' };

/** The footer's newsletter sign-up (POST /api/newsletter/add, double opt-in). Lazy-loaded by the footer. */
export default function NewsletterSignup() {
  const mutation = useAddNewsletter();
  const idPrefix = useId();
  const { control, register, onSubmit, sent, clearSent } = useSentForm({
    resolver: zodResolver(newsletterSignupSchema),
    empty: EMPTY,
    send: mutation.mutateAsync,
    fields: ['email'],
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Newsletter sign-up">
      <HoneypotField register={register} idPrefix={idPrefix} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, width: '100%', maxWidth: { sm: 380 } }}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        </Box>
        <Box sx={{ pt: { sm: 0.5 } }}>
          <SubmitButton loading={mutation.isPending}>Subscribe</SubmitButton>
        </Box>
      </Stack>
      <Box aria-live="polite" sx={{ mt: sent ? 2 : 0 }}>
        {sent && (
          <Alert severity="success" onClose={clearSent}>
            {sent}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
