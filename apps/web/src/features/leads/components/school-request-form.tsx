import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { schoolRequestSchema } from '@kikstart/contract/leads';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PhoneField } from '../../../components/form/phone-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useRequestSchool } from '../api/request-school.ts';
import { FormSection } from './form-section.tsx';
import { FormSuccess } from './form-success.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { useSentForm } from '../use-sent-form.ts';

type Values = z.input<typeof schoolRequestSchema>;
const EMPTY: Values = { schoolName: '', contactName: '', email: '', phone: '', message: '', website: '' };
const TITLE = 'Bring KikStart to my school';

/** "Bring the programs to my school": POST /api/bringKikStartToMySchool/request. */
export function SchoolRequestForm() {
  const mutation = useRequestSchool();
  const idPrefix = useId();

  const { control, register, onSubmit, sent, clearSent } = useSentForm({
    resolver: zodResolver(schoolRequestSchema),
    empty: EMPTY,
    send: mutation.mutateAsync,
  });

  return (
    <FormSection
      id="school-request"
      title={TITLE}
      intro="Tell us about your school and we will put together a program plan with you."
    >
      {sent ? (
        <FormSuccess title="Request received" message={sent} againLabel="Send another request" onAgain={clearSent} />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={TITLE}>
          <HoneypotField register={register} idPrefix={idPrefix} />
          <Stack spacing={2.5}>
            <FormTextField
              control={control}
              name="schoolName"
              label="School name"
              placeholder="Enter School name"
              autoComplete="organization"
              required
            />
            <FormTextField control={control} name="contactName" label="Contact person" autoComplete="name" required />
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
            <PhoneField control={control} name="phone" label="Phone" placeholder="000-000-0000" required />
            <FormTextField
              control={control}
              name="message"
              label="Message"
              placeholder="Grades, number of students, days that suit you…"
              multiline
              minRows={4}
              required
            />
            <Box>
              <SubmitButton loading={mutation.isPending}>Send request</SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
    </FormSection>
  );
}

export default SchoolRequestForm;
