import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Link as RouterLink } from 'react-router';
import type { ProgramTeaser } from '@kikstart/contract/content';
import { paths } from '../../../lib/paths.ts';
import { ProgramCard, ProgramCardSkeleton } from './program-card.tsx';
import { Section } from './section.tsx';

export function FeaturedPrograms({ programs }: { programs: ProgramTeaser[] | undefined }) {
  return (
    <Section
      id="featured-programs"
      title="Featured programs"
      intro="A few of the classes starting soon at partner schools and public venues."
      tinted
    >
      <Grid container spacing={3}>
        {programs
          ? programs.map((p) => (
              <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <ProgramCard program={p} />
              </Grid>
            ))
          : [0, 1, 2].map((i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
                <ProgramCardSkeleton />
              </Grid>
            ))}
      </Grid>
      <Box sx={{ mt: 4, textAlign: 'center' }}>
        <Button component={RouterLink} to={paths.programs} variant="contained" size="large">
          See all programs
        </Button>
      </Box>
    </Section>
  );
}
