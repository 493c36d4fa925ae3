import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountPageSx } from './account-page-title.tsx';
import { SkeletonRows } from './list-shell.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * What a client-rendered page shows while its code loads, in the page's own shape and at its size,
 * so the page takes its place without a jump. Each says "Loading" to screen readers once.
 */
function Loading({ label }: { label: string }) {
  return (
    <Box component="span" role="status" sx={visuallyHidden}>
      {label}
    </Box>
  );
}

/** A parent-area or coach page: breadcrumbs, the title and its rows (AccountPageTitle's shape). */
export function AccountPageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <Container maxWidth="lg" sx={accountPageSx} data-testid="page-skeleton">
      <Loading label={label} />
      <Box aria-hidden>
        <Skeleton width={140} sx={{ mb: 2 }} />
        <Typography variant="h1" component="div" sx={{ fontSize: { xs: 30, md: 40 }, mb: 4 }}>
          <Skeleton width="45%" />
        </Typography>
        <SkeletonRows count={3} height={96} />
      </Box>
    </Container>
  );
}

/** A page that is one form in a card (sign-in, sign-up, passwords): AuthCard's shape. */
export function FormPageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      sx={{
        py: { xs: 4, md: 8 },
        minHeight: '100vh',
        bgcolor: (t) => (t.palette.mode === 'light' ? '#FFF5F5' : '#1A1515'),
      }}
      data-testid="page-skeleton"
    >
      <Loading label={label} />
      <Container maxWidth="sm" disableGutters sx={{ px: { xs: 2, sm: 3 } }}>
        <Card aria-hidden>
          <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
            <Typography variant="h1" component="div" sx={{ fontSize: { xs: 26, sm: 32 }, mb: 3 }}>
              <Skeleton width="55%" />
            </Typography>
            <Stack spacing={2.5}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={56} />
              ))}
              <Skeleton variant="rounded" height={42} width={160} />
            </Stack>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}

/** A console section beside the console's navigation: its title and a table's rows. */
export function ConsoleSectionSkeleton({ label = 'Loading the console' }: { label?: string }) {
  return (
    <Box data-testid="page-skeleton">
      <Loading label={label} />
      <Box aria-hidden>
        <Typography variant="h4" component="div" sx={{ mb: 3 }}>
          <Skeleton width="35%" />
        </Typography>
        <SkeletonRows count={6} height={52} />
      </Box>
    </Box>
  );
}
