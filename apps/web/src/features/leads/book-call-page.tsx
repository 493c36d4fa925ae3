import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import { TIME_SLOT_DEFAULT, callBookingSchema } from '@kikstart/contract/leads';
import { paths } from '../../lib/paths.ts';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TimeSlotField } from '../../components/form/time-slot-field.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useSubmitCallBooking } from './api/submit-call-booking.ts';
import { FormCard } from '../../components/form-card.tsx';
import { FormSuccess } from './components/form-success.tsx';
import { LeadForm } from './components/lead-form.tsx';
import { LeadContactFields, SPEC_CONTACT } from './components/lead-contact-fields.tsx';
import { openDemoModal } from '../../lib/demo-events.ts';
import { useSentForm } from './use-sent-form.ts';

const TITLE = 'Book a call';
const DESCRIPTION =
  'Pick a time that suits you and a KikStart program advisor will call you to talk through programs for your school or your children.';

type Values = z.input<typeof callBookingSchema>;
const EMPTY: Values = {
  fullName: '',
  phone: '',
  schoolName: '',
  notes: '',
  bestTimeToCall: TIME_SLOT_DEFAULT,
  website: '',
};

/** /book-a-call: POST /api/call-booking/submit (spec §3, §5, §7). */
export function BookCallPage() {
  usePageMeta({ title: TITLE, description: DESCRIPTION });
  const mutation = useSubmitCallBooking();

  const { control, register, onSubmit, sent, clearSent, page, sentByPost } = useSentForm({
    form: 'callBooking',
    resolver: zodResolver(callBookingSchema),
    empty: EMPTY,
    send: mutation.mutateAsync,
  });

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 8 }}>
            <FormCard
              id="book-call"
              title="When can we call you?"
              intro="Calls take about 15 minutes. We call on weekdays; choose the hour that suits you best."
            >
              {sent ? (
                <FormSuccess
                  title="Your call is booked"
                  message={sent}
                  againLabel="Book another call"
                  onAgain={clearSent}
                  role={sentByPost ? 'status' : undefined}
                />
              ) : (
                <LeadForm label={TITLE} onSubmit={onSubmit} register={register} page={page}>
                  <LeadContactFields control={control} {...SPEC_CONTACT} />
                  <FormTextField
                    control={control}
                    name="notes"
                    label="Notes"
                    placeholder="What would you like to talk about?"
                    multiline
                    minRows={3}
                    required
                  />
                  <TimeSlotField control={control} name="bestTimeToCall" label="Best time to call" required />
                  <Box>
                    <SubmitButton loading={mutation.isPending}>Book my call</SubmitButton>
                  </Box>
                </LeadForm>
              )}
            </FormCard>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2} component="aside" aria-label="Other ways to reach us">
              <Typography variant="h4" component="h2">
                Prefer to see it first?
              </Typography>
              <Typography color="text.secondary">
                Schools can{' '}
                <Link
                  component="button"
                  type="button"
                  onClick={() => openDemoModal()}
                  sx={{ verticalAlign: 'baseline', font: 'inherit' }}
                >
                  request a free demo
                </Link>{' '}
                at a date that suits them.
              </Typography>
              <Typography color="text.secondary">
                Or write to us on the{' '}
                <Link component={RouterLink} to={paths.contactUs}>
                  contact page
                </Link>
                .
              </Typography>
            </Stack>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
