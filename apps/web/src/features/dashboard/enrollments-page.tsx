import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Enrollment } from '@kikstart/contract/enrollments';
import {
  DROPPABLE_STATUSES,
  ENROLLMENT_STATUS_ORDER,
  OFFER_STATUS,
  statusIn,
} from '@kikstart/contract/enrollment-status';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { useEnrollments } from './api/get-enrollments.ts';
import { AccountPageTitle, accountPageSx } from '../../components/account-page-title.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListShell } from '../../components/list-shell.tsx';
import { DropOutButton } from '../../components/enrollment/drop-out-dialog.tsx';
import { EnrollmentItem, EnrollmentItemSkeleton } from '../../components/enrollment/enrollment-item.tsx';

const canDrop = (e: Enrollment) => statusIn(e.status, DROPPABLE_STATUSES);

/** /account/enrollments: every enrollment, seat offers first (the offer mail links here). */
export function EnrollmentsPage() {
  usePageMeta({
    title: 'Enrollments',
    description: 'All your children’s enrollments, waitlist places and seat offers.',
  });
  const enrollments = useEnrollments();
  const items = [...(enrollments.data?.items ?? [])].sort(
    (a, b) => ENROLLMENT_STATUS_ORDER.indexOf(a.status) - ENROLLMENT_STATUS_ORDER.indexOf(b.status),
  );
  const offers = items.filter((e) => e.status === OFFER_STATUS);
  const rest = items.filter((e) => e.status !== OFFER_STATUS);
  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <AccountPageTitle title="Enrollments" />
      <ListShell
        query={enrollments}
        failed="Your enrollments could not be loaded."
        skeleton={
          <Stack spacing={2}>
            {[0, 1, 2].map((i) => (
              <EnrollmentItemSkeleton key={i} />
            ))}
          </Stack>
        }
        empty={
          items.length === 0 && (
            <EmptyState
              title="No enrollments yet"
              text="Find a program for your child and enroll in a few steps."
              actions={
                <Button component={RouterLink} to={paths.programs} variant="contained">
                  Browse programs
                </Button>
              }
            />
          )
        }
      >
        {() => (
          <Stack spacing={4}>
            {offers.length > 0 && (
              <Box component="section" aria-labelledby="offers-heading">
                <Typography id="offers-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
                  Seat offers
                </Typography>
                <Stack spacing={2}>
                  {offers.map((e) => (
                    <EnrollmentItem key={e.id} enrollment={e} />
                  ))}
                </Stack>
              </Box>
            )}
            {rest.length > 0 && (
              <Box component="section" aria-labelledby="all-heading">
                <Typography id="all-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
                  {offers.length ? 'Other enrollments' : 'All enrollments'}
                </Typography>
                <Stack spacing={2}>
                  {rest.map((e) => (
                    <EnrollmentItem
                      key={e.id}
                      enrollment={e}
                      actions={canDrop(e) ? <DropOutButton enrollment={e} /> : undefined}
                    />
                  ))}
                </Stack>
              </Box>
            )}
          </Stack>
        )}
      </ListShell>
    </Container>
  );
}
