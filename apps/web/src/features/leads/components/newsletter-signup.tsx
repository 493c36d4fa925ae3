import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { newsletterSignupSchema } from '@kikstart/contract/leads';
import { PAGE_FORM_FIELD } from '@kikstart/contract/page-forms';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useAddNewsletter } from '../api/add-newsletter.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { usePageAddress } from './lead-form.tsx';
import { useSentForm } from '../use-sent-form.ts';

type Values = z.input<typeof newsletterSignupSchema>;
const EMPTY: Values = { email: '', website: '' };

/**
 * The footer's newsletter sign-up (POST /api/newsletter/add, double opt-in), a part of every
 * server-rendered page. Without scripts it posts to the page it is on (decision 0033).
 */
export default function NewsletterSignup() {
  const mutation = useAddNewsletter();
  const idPrefix = useId();
  const { control, register, onSubmit, sent, clearSent, page, sentByPost } = useSentForm({
    form: 'newsletter',
    resolver: zodResolver(newsletterSignupSchema),
    empty: EMPTY,
    send: mutation.mutateAsync,
    fields: ['email'],
  });
  const here = usePageAddress();
  return (
    <Box component="form" method="post" action={here} noValidate onSubmit={onSubmit} aria-label="Newsletter sign-up">
      <input type="hidden" name={PAGE_FORM_FIELD} value="newsletter" />
      <HoneypotField register={register} idPrefix={idPrefix} />
      {page?.problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {page?.problem}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, width: '100%', maxWidth: { sm: 380 } }}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        </Box>
        <Box sx={{ pt: { sm: 0.5 } }}>
          <SubmitButton loading={mutation.isPending}>Subscribe</SubmitButton>
        </Box>
      </Stack>
      <Box aria-live="polite" role={sentByPost ? 'status' : undefined} sx={{ mt: sent ? 2 : 0 }}>
        {sent && (
          <Alert severity="success" onClose={clearSent}>
            {sent}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
