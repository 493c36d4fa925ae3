import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { HOLD_MINUTES, HOLD_REMINDER_MINUTES, MAX_UNPAID_HOLDS } from '@kikstart/contract/enrollments';
import type { Enrollment, EnrollmentCheck } from '@kikstart/contract/enrollments';
import { CONFIRMED_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { HoldRefused, type HoldRefusal } from './hold-refused.tsx';
import { useCreateEnrollment } from '../api/create-enrollment.ts';
import { priceText } from '../../../lib/format/program-text.ts';
import type { SignedWaiver } from './waiver-step.tsx';

interface Props {
  program: ProgramDetails;
  childId: string;
  childName: string;
  waiver: SignedWaiver;
  check: EnrollmentCheck;
  result: Enrollment | null;
  onDone: (e: Enrollment) => void;
  onBack: () => void;
}

/**
 * Step 5: the enrollment is created as 'pending payment', which holds the seat for 30 minutes,
 * and the wizard ends at the checkout with the new seat ticked (the page navigates there). A full program offers the waitlist. The server may
 * refuse a hold (email not confirmed, or the family's unpaid holds at the limit): the step
 * says why and what to do, from the error's code, instead of only a toast.
 */
export function PayStep({ program, childId, childName, waiver, check, result, onDone, onBack }: Props) {
  const create = useCreateEnrollment();
  const [clash, setClash] = useState<string | null>(null);
  const [nowFull, setNowFull] = useState(false);
  const [refused, setRefused] = useState<HoldRefusal | null>(null);
  const waitlist = nowFull || (!check.canEnroll && check.canJoinWaitlist);

  const submit = (acknowledgeClash: boolean) => {
    create.mutate(
      {
        childId,
        programId: program.id,
        waiverName: waiver.waiverName,
        waiverAccepted: true,
        waiverVersion: waiver.waiverVersion,
        acknowledgeClash,
        joinWaitlist: waitlist,
      },
      {
        onSuccess: (e) => {
          setClash(null);
          setRefused(null);
          onDone(e);
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          // Branch on the server's code; the message is only shown.
          if (err.code === 'EMAIL_UNVERIFIED' || err.code === 'HOLD_LIMIT')
            return setRefused({ code: err.code, message: err.message });
          if (err.is('SCHEDULE_CLASH')) setClash(err.errors.clash ?? err.message);
          // Someone took the last seat meanwhile: offer the waitlist instead.
          else if (err.is('PROGRAM_FULL') && check.canJoinWaitlist !== false) setNowFull(true);
        },
      },
    );
  };

  // A held seat leaves for the checkout (the page navigates); a waitlist place or a seat covered by
  // the family's plan is confirmed here.
  if (result)
    return result.status === WAITLIST_STATUS || result.status === CONFIRMED_STATUS ? (
      <ConfirmedOutcome enrollment={result} childName={childName} />
    ) : null;

  return (
    <Stack spacing={3}>
      {check.coveredByPlan && !waitlist ? (
        <Alert severity="success">
          <AlertTitle>Covered by your plan</AlertTitle>
          {childName} is covered by your membership, so this enrollment is confirmed at once, with no payment.
        </Alert>
      ) : waitlist ? (
        <Alert severity="info">
          <AlertTitle>Join the waitlist for {program.title}</AlertTitle>
          Every seat is taken. {childName} joins the waitlist in the order families ask. When a seat frees up, we email
          you an offer that you can accept within 24 hours. Nothing is charged now.
        </Alert>
      ) : (
        <Alert severity="info">
          <AlertTitle>We hold the seat for {HOLD_MINUTES} minutes, waiting for payment</AlertTitle>
          {childName}’s seat is held as <strong>pending payment</strong> ({priceText(program)}
          {program.coveredByMembership ? ', or covered by a KikStart membership' : ''}). Next you pay online at the
          checkout; a seat that is not paid for within {HOLD_MINUTES} minutes goes back to other families. We email you{' '}
          {HOLD_REMINDER_MINUTES} minutes before the hold ends, and again when it ends. A family can hold up to{' '}
          {MAX_UNPAID_HOLDS} unpaid seats at a time.
        </Alert>
      )}
      {refused && <HoldRefused refusal={refused} />}
      {clash && (
        <Alert severity="warning">
          <AlertTitle>Schedule clash</AlertTitle>
          {clash}. Do you still want to go ahead?
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Button onClick={onBack} disabled={create.isPending}>
          Back
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={() => submit(!!clash)}
          disabled={create.isPending}
          aria-busy={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {clash
            ? 'Enroll anyway'
            : waitlist
              ? 'Join the waitlist'
              : check.coveredByPlan
                ? 'Enroll, covered by your plan'
                : 'Hold my seat'}
        </Button>
      </Box>
    </Stack>
  );
}

function ConfirmedOutcome({ enrollment, childName }: { enrollment: Enrollment; childName: string }) {
  return (
    <Stack spacing={3}>
      {enrollment.status === CONFIRMED_STATUS ? (
        <Alert severity="success" role="status">
          <AlertTitle>{childName} is enrolled, covered by your plan</AlertTitle>
          Nothing to pay: your membership covers this enrollment. It shows on your dashboard and calendar.
        </Alert>
      ) : (
        <Alert severity="success" role="status">
          <AlertTitle>
            {childName} is on the waitlist
            {enrollment.waitlistPosition ? ` — position ${enrollment.waitlistPosition}` : ''}
          </AlertTitle>
          We will email you as soon as a seat is offered. You can also see the offer on your enrollments page.
        </Alert>
      )}
      <Typography>Your dashboard shows every enrollment, upcoming sessions and offers.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to={paths.dashboard} variant="contained">
          Go to my dashboard
        </Button>
        <Button component={RouterLink} to={paths.programs}>
          Browse more programs
        </Button>
      </Stack>
    </Stack>
  );
}
