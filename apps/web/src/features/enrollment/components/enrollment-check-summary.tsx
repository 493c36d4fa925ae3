import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router';
import type { EnrollmentCheck } from '@kikstart/contract/enrollments';
import { OFFER_STATUS, UNPAID_HOLD_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { paths } from '../../../lib/paths.ts';

/** The answer of check-program-enrollment, in words: eligible, why not, already in, or waitlisted. */
export function EnrollmentCheckSummary({
  check,
  childName,
  loading,
}: {
  check: EnrollmentCheck | undefined;
  childName: string;
  loading: boolean;
}) {
  if (loading) return <Skeleton animation="wave" variant="rounded" height={72} aria-label="Checking eligibility" />;
  if (!check) return null;
  const toEnrollments = (
    <Link component={RouterLink} to={paths.enrollments}>
      See your enrollments
    </Link>
  );
  switch (check.state) {
    case 'eligible':
      return (
        <Alert severity="success" role="status">
          <AlertTitle>{childName} can join</AlertTitle>
          {check.seatsLeft} {check.seatsLeft === 1 ? 'seat is' : 'seats are'} left.
          {check.clash && ` Note: ${check.clash}.`}
        </Alert>
      );
    case 'full':
      return (
        <Alert severity="warning" role="status">
          <AlertTitle>This program is full</AlertTitle>
          {check.canJoinWaitlist
            ? `${childName} can join the waitlist. When a seat frees up, the next family on the list is offered it for 24 hours.`
            : 'The waitlist is not open for this child.'}
          {check.reasons.map((r) => ` ${r}`)}
        </Alert>
      );
    case 'ineligible':
      return (
        <Alert severity="error" role="status">
          <AlertTitle>{childName} cannot join this program</AlertTitle>
          {check.reasons.join(' ') || 'This child does not meet the program’s requirements.'}
        </Alert>
      );
    case 'enrolled':
      return (
        <Alert severity="info" role="status">
          <AlertTitle>{childName} is already enrolled</AlertTitle>
          {toEnrollments}
        </Alert>
      );
    case UNPAID_HOLD_STATUS:
      return (
        <Alert severity="info" role="status">
          <AlertTitle>{childName} already has a seat held, waiting for payment</AlertTitle>
          {toEnrollments}
        </Alert>
      );
    case OFFER_STATUS:
      return (
        <Alert severity="info" role="status">
          <AlertTitle>A seat is offered to {childName}</AlertTitle>
          Accept or decline it on your enrollments page. {toEnrollments}
        </Alert>
      );
    case WAITLIST_STATUS:
      return (
        <Alert severity="info" role="status">
          <AlertTitle>
            {childName} is on the waitlist{check.waitlistPosition ? `, position ${check.waitlistPosition}` : ''}
          </AlertTitle>
          We will email you when a seat is offered. {toEnrollments}
        </Alert>
      );
  }
}
