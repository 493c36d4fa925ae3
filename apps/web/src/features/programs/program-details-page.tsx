import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { classTypeLabel, locationTypeLabel } from '@kikstart/contract/program-labels';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { StatusChip } from '../../components/status-chip.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Markdown } from '../../components/markdown.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { RequestDemoButton } from '../../components/request-demo-button.tsx';
import { useProgramDetails } from '../../api/get-program-details.ts';
import { ProgramImage } from '../../components/program-image.tsx';
import { priceText, scheduleText } from '../../lib/format/program-text.ts';
import { ProgramActivities, ProgramFacts } from './components/program-facts.tsx';
import { ProgramDetailsSkeleton } from './components/program-details-skeleton.tsx';
import { programJsonLd } from './program-json-ld.ts';

/** /programs/:id: everything a parent needs to decide, then Enroll or Request A Free Demo. */
export function ProgramDetailsPage() {
  const { id = '' } = useParams();
  const query = useProgramDetails(id);
  const program = query.data;
  usePageMeta({
    title: program?.title ?? 'Program',
    description: program
      ? `${program.title}: ${program.summary}`
      : 'Schedule, venue, price and seats of a KikStart program.',
    canonicalPath: program ? pathTo(paths.programDetails, { id: program.id }) : undefined,
    image: program?.imageUrl ?? undefined,
    jsonLd: program ? programJsonLd(program) : undefined,
  });

  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.is('NOT_FOUND') || query.error.is('VALIDATION_FAILED'));
    return notFound ? (
      <Container maxWidth="md" sx={{ py: 8 }}>
        <Typography variant="h1" gutterBottom>
          Program not found
        </Typography>
        <Typography sx={{ mb: 3 }}>This program does not exist or is no longer open for enrollment.</Typography>
        <Button component={RouterLink} to={paths.programs} variant="contained">
          Browse all programs
        </Button>
      </Container>
    ) : (
      <ErrorMessage onRetry={() => query.refetch()} />
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={paths.programs}>
          Programs
        </Link>
        <Typography color="text.primary" aria-current="page">
          {program?.title ?? 'Program'}
        </Typography>
      </Breadcrumbs>
      {!program ? <ProgramDetailsSkeleton /> : <DetailsBody program={program} />}
    </Container>
  );
}

function DetailsBody({ program }: { program: ProgramDetails }) {
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  const enrollPath = pathTo(paths.enroll, { id: program.id });
  const enrollTo = isLoggedIn ? enrollPath : `${paths.login}?next=${encodeURIComponent(enrollPath)}`;
  const full = program.seatsLeft <= 0;
  return (
    <Grid container spacing={{ xs: 3, md: 5 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Typography variant="overline" component="p" color="text.secondary">
          {program.sport}
        </Typography>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {program.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 3 }}>
          <StatusChip tone="info-outline" label={classTypeLabel(program.classType)} />
          <StatusChip tone="secondary" label={locationTypeLabel(program.locationType)} />
          {full && <StatusChip tone="warning" label="Full — join the waitlist" />}
        </Stack>
        <Typography sx={{ fontSize: 18, mb: 3 }}>{program.summary}</Typography>
        <ProgramImage program={program} eager sx={{ borderRadius: 2, mb: 4 }} />
        <Box component="section" aria-labelledby="about-heading">
          <Typography id="about-heading" variant="h3" component="h2" sx={{ mb: 1.5 }}>
            About this program
          </Typography>
          <Markdown>{program.description}</Markdown>
        </Box>
        <ProgramActivities program={program} />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper
          variant="outlined"
          component="aside"
          aria-label="Program facts"
          sx={{ p: 3, position: { md: 'sticky' }, top: { md: 96 } }}
        >
          <ProgramFacts program={program} />
          <Stack spacing={1.5} sx={{ mt: 3 }}>
            <Button component={RouterLink} to={enrollTo} variant="contained" size="large" fullWidth>
              {full ? 'Join the waitlist' : 'Enroll'}
            </Button>
            <RequestDemoButton size="large" fullWidth />
          </Stack>
          {!isLoggedIn && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              You will be asked to sign in or create a parent account first.
            </Typography>
          )}
        </Paper>
        {full && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Every seat is taken. Join the waitlist: when a seat frees up, the next family is offered it by email for 24
            hours.
          </Alert>
        )}
      </Grid>
      <EnrollBar program={program} enrollTo={enrollTo} full={full} />
    </Grid>
  );
}

/**
 * Small screens: price, schedule and Enroll stay at the bottom of the screen while the parent
 * reads. The bar is sticky, not fixed: it is the page content's last child, so at the end of the
 * page it comes to rest above the footer instead of covering it.
 */
function EnrollBar({ program, enrollTo, full }: { program: ProgramDetails; enrollTo: string; full: boolean }) {
  return (
    <Grid size={12} sx={{ display: { xs: 'block', md: 'none' }, position: 'sticky', bottom: 0, zIndex: 2 }}>
      <Paper
        component="section"
        aria-label="Price and enrollment"
        elevation={8}
        square
        sx={{
          mx: { xs: -2, sm: -3 },
          px: 2,
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={(t) => ({ fontFamily: t.typography.h1.fontFamily, fontWeight: 700, fontSize: 20 })}>
            {priceText(program)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontSize: 13 }}>
            {scheduleText(program)}
          </Typography>
        </Box>
        <Button component={RouterLink} to={enrollTo} variant="contained" size="large" sx={{ flexShrink: 0 }}>
          {full ? 'Join the waitlist' : 'Enroll'}
        </Button>
      </Paper>
    </Grid>
  );
}
