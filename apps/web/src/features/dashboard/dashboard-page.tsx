import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LIVE_STATUSES, OFFER_STATUS, statusIn } from '@kikstart/contract/enrollment-status';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { useEnrollments } from './api/get-enrollments.ts';
import { ChildCards } from '../../components/child-cards.tsx';
import { ListShell } from '../../components/list-shell.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { useChildren } from '../../api/get-children.ts';
import { DashboardSkeleton } from './components/dashboard-skeleton.tsx';
import { CalendarFeedCard } from './components/calendar-feed-card.tsx';
import { EnrollmentItem } from '../../components/enrollment/enrollment-item.tsx';
import { UpcomingList } from './components/upcoming-list.tsx';
import { PROGRAM_TIME_ZONE, todayIn } from '@kikstart/contract/schedule';
import { upcomingSessions } from './upcoming-sessions.ts';
import { useBilling } from '../../api/get-billing.ts';
import { RenewalFailedNotice } from '../../components/membership/renewal-failed-notice.tsx';

const Section = ({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) => (
  <Box component="section" aria-labelledby={id}>
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}
    >
      <Typography id={id} variant="h3" component="h2">
        {title}
      </Typography>
      {action}
    </Stack>
    {children}
  </Box>
);

/** /account: children, offers, the next 14 days of sessions, enrollments and the calendar link. */
export function DashboardPage() {
  usePageMeta({
    title: 'Dashboard',
    description: 'Your children, upcoming sessions, enrollments and waitlist offers.',
  });
  const user = useAppSelector((s) => s.session.userData);
  const enrollments = useEnrollments();
  const membership = useBilling().data?.subscription;
  // Shared with the children's cards (one request); the page waits for both, then shows everything at once.
  const children = useChildren();
  const items = useMemo(() => enrollments.data?.items ?? [], [enrollments.data]);
  const sessions = useMemo(() => upcomingSessions(items, todayIn(PROGRAM_TIME_ZONE, new Date())), [items]);
  const offers = items.filter((e) => e.status === OFFER_STATUS);
  // Offers have their own section above; the rest of the live ones are listed below.
  const live = items.filter((e) => statusIn(e.status, LIVE_STATUSES) && e.status !== OFFER_STATUS);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 1 }}>
        {user?.firstName ? `Hello, ${user.firstName}` : 'Your dashboard'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Everything about your family’s programs in one place.
      </Typography>
      {enrollments.isPending || children.isPending ? (
        <DashboardSkeleton />
      ) : (
        <Stack spacing={5}>
          {membership?.renewalFailure && <RenewalFailedNotice subscription={membership} showLink />}
          {offers.length > 0 && (
            <Section id="offers-heading" title="Seat offers">
              <Stack spacing={2}>
                {offers.map((e) => (
                  <EnrollmentItem key={e.id} enrollment={e} />
                ))}
              </Stack>
            </Section>
          )}
          <Section
            id="children-heading"
            title="Children"
            action={
              <Button component={RouterLink} to={paths.childNew} variant="outlined">
                Add a child
              </Button>
            }
          >
            <ChildCards />
          </Section>
          <Section id="upcoming-heading" title="Next 14 days">
            {enrollments.isError ? (
              <LoadError onRetry={() => enrollments.refetch()}>Your sessions could not be loaded.</LoadError>
            ) : (
              <UpcomingList sessions={sessions} />
            )}
          </Section>
          <Section
            id="enrollments-heading"
            title="Enrollments"
            action={
              <Button component={RouterLink} to={paths.enrollments}>
                All enrollments
              </Button>
            }
          >
            <ListShell
              query={enrollments}
              failed="Your enrollments could not be loaded."
              skeleton={null /* the whole page waits above */}
              empty={
                live.length === 0 && (
                  <Typography color="text.secondary">
                    No current enrollments.{' '}
                    <Button component={RouterLink} to={paths.programs} size="small">
                      Browse programs
                    </Button>
                  </Typography>
                )
              }
            >
              {() => (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                  {live.map((e) => (
                    <EnrollmentItem key={e.id} enrollment={e} />
                  ))}
                </Box>
              )}
            </ListShell>
          </Section>
          <CalendarFeedCard />
          <Typography>
            Share the family with another guardian on the{' '}
            <Link component={RouterLink} to={paths.family}>
              family page
            </Link>
            .
          </Typography>
        </Stack>
      )}
    </Container>
  );
}
