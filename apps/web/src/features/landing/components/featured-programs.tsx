import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Link as RouterLink } from 'react-router';
import { ProgramCard, ProgramCardSkeleton } from '../../../components/program-card.tsx';
import { paths } from '../../../lib/paths.ts';
import { FEATURED_PROGRAMS, useFeaturedPrograms } from '../api/get-featured-programs.ts';
import { Section } from './section.tsx';
import { LoadError } from '../../../components/load-error.tsx';

/** The next programs to start, as catalog cards: each links to its program page. */
export function FeaturedPrograms() {
  const query = useFeaturedPrograms();
  const programs = query.data?.items;
  return (
    <Section
      id="featured-programs"
      title="Featured programs"
      intro="A few of the classes starting soon at partner schools and public venues. Seats left are updated every few seconds."
      tinted
    >
      {query.isError && !programs ? (
        <LoadError onRetry={() => query.refetch()}>
          The programs could not be loaded. Check your connection and try again.
        </LoadError>
      ) : (
        <Grid container spacing={3}>
          {programs
            ? programs.map((p) => (
                <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <ProgramCard program={p} headingLevel="h3" />
                </Grid>
              ))
            : Array.from({ length: FEATURED_PROGRAMS }, (_, i) => (
                <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
                  <ProgramCardSkeleton />
                </Grid>
              ))}
        </Grid>
      )}
      <Box sx={{ mt: 4, textAlign: 'center' }}>
        <Button component={RouterLink} to={paths.programs} variant="contained" size="large">
          See all programs
        </Button>
      </Box>
    </Section>
  );
}
