import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import type { ErrorCode } from '@kikstart/contract/errors';
import { paths } from '../../../lib/paths.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { ResendVerificationForm } from '../../../components/resend-verification-form.tsx';

/** Why the server refused to hold a seat, by its code: email not confirmed, or the family's unpaid-hold limit. */
export interface HoldRefusal {
  code: Extract<ErrorCode, 'EMAIL_UNVERIFIED' | 'HOLD_LIMIT'>;
  message: string;
}

/** The refusal in the wizard's last step, with the way forward for each reason. */
export function HoldRefused({ refusal }: { refusal: HoldRefusal }) {
  const email = useAppSelector((s) => s.session.userData?.email ?? '');
  if (refusal.code === 'EMAIL_UNVERIFIED') {
    return (
      <Stack spacing={2}>
        <Alert severity="warning" role="alert">
          <AlertTitle>Confirm your email address first</AlertTitle>
          {refusal.message} Can’t find the mail? Check your spam folder, or send a new link below. Joining a waitlist
          does not need it.
        </Alert>
        <ResendVerificationForm defaultEmail={email} />
      </Stack>
    );
  }
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>Too many seats waiting for payment</AlertTitle>
      {refusal.message}{' '}
      <Link component={RouterLink} to={paths.checkout}>
        Pay for the seats you hold
      </Link>{' '}
      or{' '}
      <Link component={RouterLink} to={paths.enrollments}>
        see your enrollments
      </Link>
      .
    </Alert>
  );
}
