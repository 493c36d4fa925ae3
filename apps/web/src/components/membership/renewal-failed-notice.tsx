import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { Subscription } from '@kikstart/contract/memberships';
import { RENEWAL_RETRY_DAYS, formatPlanDate } from '@kikstart/contract/memberships';
import { paths } from '../../lib/paths.ts';

/**
 * A membership renewal that failed: why, when the card is tried again, and what happens if the
 * last try fails. Shown on the dashboard and the billing page.
 */
export function RenewalFailedNotice({ subscription, showLink }: { subscription: Subscription; showLink?: boolean }) {
  const failure = subscription.renewalFailure;
  if (!failure) return null;
  const triesLeft = RENEWAL_RETRY_DAYS.length + 1 - failure.failedAttempts;
  return (
    <Alert
      severity="error"
      action={
        showLink ? (
          <Button color="inherit" component={RouterLink} to={paths.billing}>
            Billing
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Your {subscription.plan.name} renewal did not go through</AlertTitle>
      {failure.reason}{' '}
      {failure.nextAttemptAt
        ? `We try your saved card again on ${formatPlanDate(failure.nextAttemptAt)} (${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left). Your children stay covered until then; if the last try fails, the membership ends and their seats are held for you to pay for 7 days.`
        : 'The membership ends now.'}
    </Alert>
  );
}
