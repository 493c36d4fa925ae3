import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { enquirySchema } from '@kikstart/contract/leads';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useCreateEnquiry } from '../api/create-enquiry.ts';
import { useSubmitContact } from '../api/submit-contact.ts';
import { FormCard } from '../../../components/form-card.tsx';
import { FormSuccess } from './form-success.tsx';
import { LeadForm } from './lead-form.tsx';
import { LeadContactFields, PERSON_CONTACT } from './lead-contact-fields.tsx';
import { useSentForm } from '../use-sent-form.ts';

type Values = z.input<typeof enquirySchema>;
const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

const COPY = {
  contact: {
    title: 'Send us a message',
    intro: 'We reply within 1-2 business days.',
    submit: 'Send message',
    done: 'Message sent',
  },
  enquiry: {
    title: 'Still have a question?',
    intro: 'Ask us anything about programs, schedules or prices and we will get back to you.',
    submit: 'Send question',
    done: 'Question sent',
  },
} as const;

/**
 * The contact form (POST /api/contact-us/submit) and the inquiry form (POST /api/enquiry/create):
 * the same fields, different inboxes. `subject` pre-fills the subject (e.g. a program's name).
 */
export function EnquiryForm({ kind, subject = '' }: { kind: 'contact' | 'enquiry'; subject?: string }) {
  const copy = COPY[kind];
  const empty = { ...EMPTY, subject };
  const contact = useSubmitContact();
  const enquiry = useCreateEnquiry();
  const mutation = kind === 'contact' ? contact : enquiry;

  const { control, register, onSubmit, sent, clearSent, page, sentByPost } = useSentForm({
    form: kind,
    resolver: zodResolver(enquirySchema),
    empty: empty,
    send: mutation.mutateAsync,
  });

  return (
    <FormCard id={`${kind}-form`} title={copy.title} intro={copy.intro}>
      {sent ? (
        // Contact submit is a spec §8 write: its toast carries the server's message; the inquiry's is shown here.
        <FormSuccess
          title={copy.done}
          message={kind === 'enquiry' || sentByPost ? sent : undefined}
          onAgain={clearSent}
          role={sentByPost ? 'status' : undefined}
        />
      ) : (
        <LeadForm label={copy.title} onSubmit={onSubmit} register={register} page={page}>
          <LeadContactFields control={control} {...PERSON_CONTACT} phone={{ name: 'phone', optional: true }} />
          <FormTextField control={control} name="subject" label="Subject" required />
          <FormTextField control={control} name="message" label="Message" multiline minRows={4} required />
          <Box>
            <SubmitButton loading={mutation.isPending}>{copy.submit}</SubmitButton>
          </Box>
        </LeadForm>
      )}
    </FormCard>
  );
}

export default EnquiryForm;
