import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { OFFER_STATUS, UNPAID_HOLD_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { checkoutFor, paths, pathTo } from '../../lib/paths.ts';
import { EnrollmentStatusChip } from './enrollment-status-chip.tsx';
import { formatDateTime } from '../../lib/format/dates.ts';
import { dateRangeText, scheduleText, venueText } from '../../lib/format/program-text.ts';
import { formatMoneyFromCents } from '../../lib/format/money.ts';
import { OfferActions } from './offer-actions.tsx';
import { TextSkeleton } from '../text-skeleton.tsx';

/** One enrollment: program, child, schedule, status, and what the parent can do next. */
export function EnrollmentItem({
  enrollment: e,
  showChild = true,
  actions,
}: {
  enrollment: Enrollment;
  showChild?: boolean;
  actions?: ReactNode;
}) {
  return (
    <Paper component="article" variant="outlined" aria-label={`${e.program.title} for ${e.child.name}`} sx={{ p: 2.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box>
          <Typography variant="h4" component="h3">
            <Link component={RouterLink} to={pathTo(paths.programDetails, { id: e.program.id })}>
              {e.program.title}
            </Link>
          </Typography>
          {showChild && <Typography sx={{ fontWeight: 600 }}>{e.child.name}</Typography>}
        </Box>
        <Box>
          <EnrollmentStatusChip status={e.status} />
        </Box>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {scheduleText(e.program)} · {dateRangeText(e.program)} · {venueText(e.program) || e.program.venueAddress}
      </Typography>
      {e.status === WAITLIST_STATUS && e.waitlistPosition && (
        <Typography sx={{ mt: 1, fontWeight: 600 }}>Waitlist position {e.waitlistPosition}</Typography>
      )}
      {e.status === UNPAID_HOLD_STATUS && (
        <Typography sx={{ mt: 1 }}>
          {`Waiting for payment of ${formatMoneyFromCents(e.priceCents, e.currency)}${e.coveredByMembership ? ' (or covered by a membership)' : ''}. `}
          Seat held until <strong>{formatDateTime(e.holdExpiresAt)}</strong>.
        </Typography>
      )}
      {e.status === UNPAID_HOLD_STATUS && (
        <Button
          component={RouterLink}
          to={checkoutFor([e.id])}
          variant="contained"
          sx={{ mt: 1.5 }}
          aria-label={`Pay for ${e.child.name} in ${e.program.title}`}
        >
          Pay now
        </Button>
      )}
      {e.status === OFFER_STATUS && (
        <Box sx={{ mt: 1.5, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography sx={{ mb: 1.5 }}>
            A seat is free for {e.child.name}! Accept it by <strong>{formatDateTime(e.offerExpiresAt)}</strong>, or it
            goes to the next family.
          </Typography>
          <OfferActions enrollment={e} />
        </Box>
      )}
      {e.status === 'dropped' && e.dropReason && (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          Reason: {e.dropReason}
        </Typography>
      )}
      {actions && <Box sx={{ mt: 1.5 }}>{actions}</Box>}
    </Paper>
  );
}

/** An enrollment while the list loads: title, child, status and schedule lines at their own line heights. */
export function EnrollmentItemSkeleton({ showChild = true }: { showChild?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} aria-hidden data-testid="enrollment-skeleton">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <TextSkeleton lines={[{ width: '55%', variant: 'h4' }, ...(showChild ? [{ width: '30%' }] : [])]} />
        <Skeleton animation="wave" variant="rounded" width={120} height={24} />
      </Stack>
      <Typography sx={{ mt: 1 }}>
        <Skeleton animation="wave" width="85%" />
      </Typography>
    </Paper>
  );
}
