import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { schoolRequestSchema } from '@kikstart/contract/leads';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useRequestSchool } from '../api/request-school.ts';
import { FormCard } from '../../../components/form-card.tsx';
import { FormSuccess } from './form-success.tsx';
import { LeadForm } from './lead-form.tsx';
import { LeadContactFields } from './lead-contact-fields.tsx';
import { useSentForm } from '../use-sent-form.ts';

type Values = z.input<typeof schoolRequestSchema>;
const EMPTY: Values = { schoolName: '', contactName: '', email: '', phone: '', message: '', website: '' };
const TITLE = 'Bring KikStart to my school';

/** "Bring the programs to my school": POST /api/bringKikStartToMySchool/request. */
export function SchoolRequestForm() {
  const mutation = useRequestSchool();

  const { control, register, onSubmit, sent, clearSent, page, sentByPost } = useSentForm({
    form: 'schoolRequest',
    resolver: zodResolver(schoolRequestSchema),
    empty: EMPTY,
    send: mutation.mutateAsync,
  });

  return (
    <FormCard
      id="school-request"
      title={TITLE}
      intro="Tell us about your school and we will put together a program plan with you."
    >
      {sent ? (
        <FormSuccess
          title="Request received"
          message={sent}
          againLabel="Send another request"
          onAgain={clearSent}
          role={sentByPost ? 'status' : undefined}
        />
      ) : (
        <LeadForm label={TITLE} onSubmit={onSubmit} register={register} page={page}>
          <LeadContactFields
            control={control}
            person={{ name: 'contactName', label: 'Contact person' }}
            email="email"
            phone={{ name: 'phone' }}
            school="schoolName"
            schoolFirst
          />
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
        </LeadForm>
      )}
    </FormCard>
  );
}

export default SchoolRequestForm;
