import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import { CV_FIELD, LEAD_MESSAGES, coachApplicationSchema, coachRoleRequestSchema } from '@kikstart/contract/leads';
import { paths } from '../../lib/paths.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useRequestCoachRole } from './api/request-coach-role.ts';
import { useSubmitCoachApplication } from './api/submit-coach-application.ts';
import { FormCard } from '../../components/form-card.tsx';
import { FormSuccess } from './components/form-success.tsx';
import { LeadForm } from './components/lead-form.tsx';
import { LeadContactFields, PERSON_CONTACT } from './components/lead-contact-fields.tsx';
import { UPLOAD_MESSAGES } from '@kikstart/contract/uploads';
import { CV_ACCEPT, checkCvFile, formatFileSize } from './cv-file.ts';
import { useSentForm } from './use-sent-form.ts';

const TITLE = 'Become a coach';
const DESCRIPTION =
  'Coach sports and enrichment classes with KikStart: flexible hours at schools near you. Apply with your experience and CV.';

/** /become-a-coach: the public application (multipart, with a CV) and, when signed in, a coach-role request. */
export function BecomeCoachPage() {
  usePageMeta({ title: TITLE, description: DESCRIPTION });
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Stack spacing={4}>
          {isLoggedIn && <CoachRoleRequestForm />}
          <CoachApplicationForm />
        </Stack>
      </Container>
    </>
  );
}

type Values = z.input<typeof coachApplicationSchema>;
const EMPTY: Values = { name: '', email: '', phone: '', experience: '', sports: '', website: '' };

function CoachApplicationForm() {
  // The server's answer; `cvKept` is false when the application arrived without the CV.
  const [sent, setSent] = useState<{ message: string; cvKept: boolean } | null>(null);
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const cvInput = useRef<HTMLInputElement>(null);
  const cvButton = useRef<HTMLButtonElement>(null);
  const { control, register, handleSubmit, setError, reset } = useForm<
    Values,
    unknown,
    z.output<typeof coachApplicationSchema>
  >({
    resolver: zodResolver(coachApplicationSchema),
    defaultValues: EMPTY,
  });
  const mutation = useSubmitCoachApplication();
  const idPrefix = useId();
  const cvId = `${idPrefix}-cv`;

  const chooseCv = (file: File | undefined) => {
    if (!file) return;
    const problem = checkCvFile(file);
    setCvError(problem);
    setCv(problem ? null : file);
    if (problem && cvInput.current) cvInput.current.value = '';
  };

  // The CV is checked with the other fields, so an empty submit lists every missing item at once.
  const submitValid = (values: z.output<typeof coachApplicationSchema>) => {
    if (!cv) {
      setCvError(cvError ?? LEAD_MESSAGES.cv);
      cvButton.current?.focus();
      return;
    }
    return mutation.mutateAsync({ ...values, cv }).then(
      (envelope) => {
        reset(EMPTY);
        setCv(null);
        if (cvInput.current) cvInput.current.value = '';
        setSent({ message: envelope.message, cvKept: envelope.data.cvKept });
      },
      (error: unknown) => {
        applyServerErrors(error, setError, ['name', 'email', 'phone', 'experience', 'sports']);
        const cvMessage = error instanceof ApiError ? error.errors[CV_FIELD] : undefined;
        if (cvMessage) setCvError(cvMessage);
      },
    );
  };
  const submitInvalid = () => {
    if (!cv) setCvError(cvError ?? LEAD_MESSAGES.cv);
  };
  // handleSubmit runs inside the event handler (the CV input's ref is read only then).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(submitValid, submitInvalid)(event);

  return (
    <FormCard
      id="coach-application"
      title="Apply to coach"
      intro="Tell us about yourself and attach your CV. We review every application and reply within a week."
    >
      {sent ? (
        <FormSuccess
          title={sent.cvKept ? 'Application sent' : 'Application sent, without your CV'}
          message={sent.message}
          againLabel="Send another application"
          onAgain={() => setSent(null)}
        />
      ) : (
        <LeadForm label="Apply to coach" onSubmit={onSubmit} register={register}>
          <LeadContactFields control={control} {...PERSON_CONTACT} phone={{ name: 'phone' }} />
          <FormTextField
            control={control}
            name="sports"
            label="Sports"
            placeholder="e.g. soccer, basketball, chess"
            required
          />
          <FormTextField
            control={control}
            name="experience"
            label="Experience"
            placeholder="Your coaching experience, certificates and age groups"
            multiline
            minRows={4}
            required
          />
          <FormControl error={Boolean(cvError)} required>
            <FormLabel htmlFor={cvId} id={`${cvId}-label`} sx={{ mb: 1 }}>
              {`CV (${UPLOAD_MESSAGES.hint('document')})`}
            </FormLabel>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                ref={cvButton}
                variant="outlined"
                startIcon={<UploadFile />}
                onClick={() => cvInput.current?.click()}
                aria-describedby={`${cvId}-label ${cvId}-status${cvError ? ` ${cvId}-error` : ''}`}
                sx={{ alignSelf: 'flex-start' }}
              >
                {cv ? 'Choose another file' : 'Choose file'}
              </Button>
              <Typography id={`${cvId}-status`} color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {cv ? `${cv.name} (${formatFileSize(cv.size)})` : 'No file chosen'}
              </Typography>
            </Stack>
            {/* The real input stays for labels and tests; the button above is the visible control. */}
            <Box
              component="input"
              ref={cvInput}
              id={cvId}
              name={CV_FIELD}
              type="file"
              accept={CV_ACCEPT}
              tabIndex={-1}
              aria-invalid={Boolean(cvError)}
              aria-describedby={cvError ? `${cvId}-error` : undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => chooseCv(event.target.files?.[0])}
              sx={visuallyHidden}
            />
            {cvError && <FormHelperText id={`${cvId}-error`}>{cvError}</FormHelperText>}
          </FormControl>
          <Box>
            <SubmitButton loading={mutation.isPending}>Send application</SubmitButton>
          </Box>
        </LeadForm>
      )}
      <Typography color="text.secondary" sx={{ mt: 3 }}>
        Already have a KikStart account?{' '}
        <Link component={RouterLink} to={paths.login}>
          Sign in
        </Link>{' '}
        to ask for coach access on your account.
      </Typography>
    </FormCard>
  );
}

type RoleValues = z.input<typeof coachRoleRequestSchema>;

/** Signed in: POST /api/user/coach/request {message}. */
function CoachRoleRequestForm() {
  const mutation = useRequestCoachRole();
  const empty: RoleValues = { message: '' };
  const { control, onSubmit, sent } = useSentForm({
    resolver: zodResolver(coachRoleRequestSchema),
    empty,
    send: mutation.mutateAsync,
  });
  return (
    <FormCard
      id="coach-access"
      title="Ask for coach access"
      intro="You are signed in: ask for the coach role on your account and our team will review it."
    >
      {sent ? (
        // A spec §8 write: its toast carries the server's message, so the confirmation does not repeat it.
        <FormSuccess title="Request sent" />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Ask for coach access">
          <Stack spacing={2.5}>
            <FormTextField
              control={control}
              name="message"
              label="Message"
              placeholder="Which programs would you like to coach?"
              multiline
              minRows={3}
              required
            />
            <Box>
              <SubmitButton loading={mutation.isPending}>Ask for coach access</SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
    </FormCard>
  );
}
