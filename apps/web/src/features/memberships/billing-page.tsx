import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Subscription } from '@kikstart/contract/memberships';
import { UNCOVERED_HOLD_DAYS, formatPlanDate } from '@kikstart/contract/memberships';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { formatMoneyFromCents } from '../../lib/format/money.ts';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { RenewalFailedNotice } from '../../components/membership/renewal-failed-notice.tsx';
import { useBilling } from '../../api/get-billing.ts';
import { usePlans } from './api/get-plans.ts';
import { useCancelSubscription, useUpgradeSubscription } from './api/change-subscription.ts';
import { CoveredChildren } from './components/covered-children.tsx';
import { LoadError } from '../../components/load-error.tsx';

const Section = ({ id, title, children }: { id: string; title: string; children: React.ReactNode }) => (
  <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
    <Typography id={id} variant="h3" component="h2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** /account/billing: the family's plan, covered children (attach, detach), next charge, a failed renewal, upgrade and cancel. */
export function BillingPage() {
  usePageMeta({ title: 'Billing', description: 'Your membership: plan, covered children, next charge.' });
  const billing = useBilling();
  const data = billing.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <AccountBreadcrumbs current="Billing" />
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 3 }}>
        Billing
      </Typography>
      {billing.isError ? (
        <LoadError onRetry={() => billing.refetch()}>Your membership could not be loaded.</LoadError>
      ) : !data ? (
        <Stack spacing={2} aria-hidden>
          <Skeleton animation="wave" variant="rounded" height={140} />
          <Skeleton animation="wave" variant="rounded" height={200} />
        </Stack>
      ) : !data.subscription ? (
        <Stack spacing={3}>
          {data.lastEnded && (
            <Alert severity="warning">
              {`Your membership ended on ${formatPlanDate(data.lastEnded.endedAt)}${data.lastEnded.reason === 'renewal_failed' ? ' because its renewal could not be charged' : ''}. Seats it covered are held for ${UNCOVERED_HOLD_DAYS} days for you to pay for them on your enrollments page.`}
            </Alert>
          )}
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              No membership yet
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              A Super Parent plan covers your children in every covered program, with no payment per class.
            </Typography>
            <Button component={RouterLink} to={paths.plans} variant="contained">
              See the plans
            </Button>
          </Box>
        </Stack>
      ) : (
        <Membership subscription={data.subscription} kids={data.children} />
      )}
    </Container>
  );
}

function Membership({
  subscription: s,
  kids,
}: {
  subscription: Subscription;
  kids: Parameters<typeof CoveredChildren>[0]['kids'];
}) {
  const cancel = useCancelSubscription();
  const upgrade = useUpgradeSubscription();
  const plans = usePlans();
  const longer = plans.data?.find((p) => p.interval === 'year' && s.plan.interval === 'month');
  const endDate = formatPlanDate(s.currentPeriodEnd);
  return (
    <Stack spacing={3}>
      <RenewalFailedNotice subscription={s} />
      <Section id="plan-heading" title="Your plan">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 18 }}>{s.plan.name}</Typography>
          <Chip
            size="small"
            label={s.cancelAtPeriodEnd ? 'Cancelled' : s.status === 'past_due' ? 'Renewal failed' : 'Active'}
            color={s.cancelAtPeriodEnd || s.status === 'past_due' ? 'warning' : 'success'}
          />
        </Stack>
        <Typography>
          {`${formatMoneyFromCents(s.plan.priceCents, s.plan.currency)} per ${s.plan.interval}, up to ${s.plan.maxChildren} children${s.cardLast4 ? `, card ending ${s.cardLast4}` : ''}.`}
        </Typography>
        {s.cancelAtPeriodEnd ? (
          <Alert severity="info" sx={{ mt: 2 }} role="status">
            {`Cancelled: your membership ends on ${endDate}. It covers your children until then and is not charged again. After that, each covered seat is held for ${UNCOVERED_HOLD_DAYS} days for you to pay for it.`}
          </Alert>
        ) : (
          <Typography sx={{ mt: 1 }}>
            {s.nextChargeAt && s.nextChargeCents !== null
              ? `Next charge: ${formatMoneyFromCents(s.nextChargeCents, s.plan.currency)} on ${formatPlanDate(s.nextChargeAt)}.`
              : `Paid until ${endDate}.`}
          </Typography>
        )}
      </Section>
      <Section id="children-heading" title="Covered children">
        <CoveredChildren subscription={s} kids={kids} />
      </Section>
      {longer && s.status === 'active' && (
        <Section id="upgrade-heading" title={`Upgrade to ${longer.name}`}>
          <Typography sx={{ mb: 2 }}>
            {`${formatMoneyFromCents(longer.priceCents, longer.currency)} per year for up to ${longer.maxChildren} children. You pay the yearly price less the unused part of this month, charged to your saved card today; the year starts today.`}
          </Typography>
          <ConfirmButton
            label={`Upgrade to ${longer.name}`}
            title={`Upgrade to ${longer.name}?`}
            text="Your saved card is charged today: the yearly price less the unused part of your current month."
            confirmLabel="Upgrade"
            variant="outlined"
            onConfirm={() => upgrade.mutateAsync(longer.id)}
          />
        </Section>
      )}
      {!s.cancelAtPeriodEnd && (
        <Section id="cancel-heading" title="Cancel membership">
          <Typography sx={{ mb: 2 }}>
            {s.status === 'past_due'
              ? 'Cancelling now ends the membership at once, because its renewal has not been paid.'
              : `Your children stay covered until ${endDate}, and you are not charged again.`}
          </Typography>
          <ConfirmButton
            label="Cancel membership"
            title="Cancel your membership?"
            text={
              s.status === 'past_due'
                ? `It ends now. Each covered seat is held for ${UNCOVERED_HOLD_DAYS} days for you to pay for it, or released.`
                : `It stays active until ${endDate}. After that, each covered seat is held for ${UNCOVERED_HOLD_DAYS} days for you to pay for it, or released.`
            }
            confirmLabel="Cancel membership"
            variant="outlined"
            onConfirm={() => cancel.mutateAsync()}
          />
        </Section>
      )}
      <Box>
        <Button component={RouterLink} to={paths.transactions}>
          Payments and receipts
        </Button>
      </Box>
    </Stack>
  );
}
