import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { LandingData } from '@kikstart/contract/content';
import { StepNumber } from '../../../components/step-number.tsx';
import { Section } from './section.tsx';

/** The numbered steps from the landing content. */
export function HowItWorks({ steps }: { steps: LandingData['steps'] | undefined }) {
  return (
    <Section id="how-it-works" title="How it works">
      <Grid container spacing={4} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(steps ?? [null, null, null]).map((step, i) => (
          <Grid size={{ xs: 12, md: 4 }} component="li" key={step?.title ?? i}>
            <StepNumber n={i + 1} size={48} sx={{ mb: 2 }} />
            {step ? (
              <>
                <Typography variant="h3" gutterBottom>
                  {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </>
            ) : (
              <Box aria-hidden>
                <Skeleton width="60%" height={32} />
                <Skeleton />
                <Skeleton width="80%" />
              </Box>
            )}
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
