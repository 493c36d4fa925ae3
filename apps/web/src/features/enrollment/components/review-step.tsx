import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { EnrollmentCheck } from '@kikstart/contract/enrollments';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { audienceText, dateRangeText, priceText, scheduleText, venueText } from '../../../lib/format/program-text.ts';
import type { SignedWaiver } from './waiver-step.tsx';
import { StepActions } from './step-actions.tsx';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
      gap: { sm: 2 },
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    }}
  >
    <Typography component="dt" sx={{ fontWeight: 600 }}>
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0 }}>
      {children}
    </Typography>
  </Box>
);

/** Step 4: everything in one place before the seat is held. */
export function ReviewStep(props: {
  program: ProgramDetails;
  childName: string;
  waiver: SignedWaiver;
  check: EnrollmentCheck;
  onBack: () => void;
  onNext: () => void;
}) {
  const { program, childName, waiver, check } = props;
  const full = !check.canEnroll && check.canJoinWaitlist;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Program">{program.title}</Row>
          <Row label="Child">{childName}</Row>
          <Row label="Schedule">{scheduleText(program)}</Row>
          <Row label="Dates">{dateRangeText(program)}</Row>
          <Row label="Where">{venueText(program)}</Row>
          <Row label="Who">{audienceText(program)}</Row>
          <Row label="Waiver">
            Signed by {waiver.waiverName} (version {waiver.waiverVersion})
          </Row>
          <Row label="Price">
            <Box component="span" sx={{ fontWeight: 700 }}>
              {priceText(program)}
            </Box>
            {program.coveredByMembership && ' (no separate payment for children covered by a KikStart membership)'}
          </Row>
        </Box>
      </Paper>
      {check.clash && (
        <Alert severity="warning">{check.clash}. You will be asked to confirm before the seat is held.</Alert>
      )}
      {full && (
        <Alert severity="info">The program is full, so {childName} joins the waitlist. Nothing is charged now.</Alert>
      )}
      <StepActions
        onBack={props.onBack}
        onNext={props.onNext}
        nextLabel={full ? 'Continue to the waitlist' : 'Continue to payment'}
      />
    </Stack>
  );
}
