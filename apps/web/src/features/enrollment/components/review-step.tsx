import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { EnrollmentCheck } from '@kikstart/contract/enrollments';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { audienceText, dateRangeText, priceText, scheduleText, venueText } from '../../../lib/format/program-text.ts';
import type { SignedWaiver } from './waiver-step.tsx';
import { StepActions } from './step-actions.tsx';
import { FactsList } from '../../../components/facts-list.tsx';

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
        <FactsList
          facts={[
            { label: 'Program', value: program.title },
            { label: 'Child', value: childName },
            { label: 'Schedule', value: scheduleText(program) },
            { label: 'Dates', value: dateRangeText(program) },
            { label: 'Where', value: venueText(program) },
            { label: 'Who', value: audienceText(program) },
            { label: 'Waiver', value: `Signed by ${waiver.waiverName} (version ${waiver.waiverVersion})` },
            {
              label: 'Price',
              value: (
                <>
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    {priceText(program)}
                  </Box>
                  {program.coveredByMembership &&
                    ' (no separate payment for children covered by a KikStart membership)'}
                </>
              ),
            },
          ]}
        />
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
