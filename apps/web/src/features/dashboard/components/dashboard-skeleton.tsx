import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChildCardsSkeleton } from '../../../components/child-cards.tsx';
import { EnrollmentItemSkeleton } from '../../../components/enrollment/enrollment-item.tsx';

const heading = (width: number) => (
  <Box sx={{ mb: 2, minHeight: 37, display: 'flex', alignItems: 'center' }}>
    <Typography variant="h3" component="div" sx={{ width }}>
      <Skeleton animation="wave" />
    </Typography>
  </Box>
);

/**
 * The dashboard while the family's children and enrollments load: the same sections in the same
 * order at their usual size (two children, three sessions, two enrollments, the calendar card), taller
 * than a screen, so the page appears in one piece and the footer never jumps.
 */
export function DashboardSkeleton() {
  return (
    <Stack spacing={5} aria-hidden data-testid="dashboard-skeleton">
      <Box>
        {heading(140)}
        <ChildCardsSkeleton />
      </Box>
      <Box>
        {heading(170)}
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} animation="wave" variant="rounded" height={74} />
          ))}
        </Stack>
      </Box>
      <Box>
        {heading(180)}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <EnrollmentItemSkeleton />
          <EnrollmentItemSkeleton />
        </Box>
      </Box>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {heading(300)}
        <Typography sx={{ mb: 2 }}>
          <Skeleton animation="wave" />
          <Skeleton animation="wave" width="70%" />
        </Typography>
        <Skeleton animation="wave" variant="rounded" height={56} />
      </Paper>
    </Stack>
  );
}
