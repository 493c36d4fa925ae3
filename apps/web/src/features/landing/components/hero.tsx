import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { LandingData } from '@kikstart/contract/content';
import { paths } from '../../../lib/paths.ts';
import { accentTextColor } from '../../../theme/palette.ts';
import { RequestDemoButton } from '../../../components/request-demo-button.tsx';

/** Hero: headline, subtitle and the two calls to action, with the headline stats beside it. */
export function Hero({ data }: { data: LandingData | undefined }) {
  return (
    <Box
      sx={(t) => ({
        py: { xs: 6, md: 10 },
        background:
          t.palette.mode === 'light'
            ? 'radial-gradient(circle at 85% 20%, rgba(237,28,36,0.12), transparent 45%), linear-gradient(180deg, #FFFFFF 0%, #FFF5F5 100%)'
            : 'radial-gradient(circle at 85% 20%, rgba(237,28,36,0.22), transparent 45%), linear-gradient(180deg, #161616 0%, #1A1515 100%)',
      })}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            {data ? (
              <>
                <Typography
                  variant="overline"
                  component="p"
                  sx={(t) => ({ color: accentTextColor(t.palette.mode), mb: 2 })}
                >
                  {data.hero.eyebrow}
                </Typography>
                <Typography variant="h1" sx={{ mb: 3 }}>
                  {data.hero.title}
                </Typography>
                <Typography sx={{ fontSize: { xs: 16, md: 18 }, color: 'text.secondary', mb: 4, maxWidth: 620 }}>
                  {data.hero.subtitle}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <Button component={RouterLink} to={paths.programs} variant="contained" size="large">
                    {data.hero.primaryCta}
                  </Button>
                  <RequestDemoButton size="large">{data.hero.secondaryCta}</RequestDemoButton>
                </Stack>
              </>
            ) : (
              <Box aria-hidden>
                <Skeleton width="40%" />
                <Skeleton variant="text" sx={{ fontSize: 60 }} />
                <Skeleton variant="text" width="80%" sx={{ fontSize: 60 }} />
                <Skeleton width="90%" />
                <Skeleton width="70%" sx={{ mb: 3 }} />
                <Skeleton variant="rounded" width={200} height={44} sx={{ borderRadius: 50 }} />
              </Box>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stats stats={data?.stats} />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}

function Stats({ stats }: { stats: LandingData['stats'] | undefined }) {
  return (
    <Box
      component="ul"
      aria-label="KikStart in numbers"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: { xs: 'repeat(3, 1fr)', md: '1fr' },
      }}
    >
      {(stats ?? [null, null, null]).map((stat, i) => (
        <Paper
          component="li"
          key={stat?.label ?? i}
          elevation={0}
          sx={{
            p: { xs: 1.5, sm: 2, md: 3 },
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'baseline' },
            gap: { xs: 0.5, md: 2 },
          }}
        >
          {stat ? (
            <>
              <Typography
                component="span"
                sx={(t) => ({
                  fontFamily: t.typography.h1.fontFamily,
                  fontWeight: 700,
                  fontSize: { xs: 22, sm: 28, md: 32 },
                  lineHeight: 1.2,
                  color: accentTextColor(t.palette.mode),
                  minWidth: { md: 110 },
                })}
              >
                {stat.value}
              </Typography>
              <Typography component="span" sx={{ fontWeight: 600, lineHeight: 1.35 }}>
                {stat.label}
              </Typography>
            </>
          ) : (
            <Skeleton width="100%" height={40} aria-hidden />
          )}
        </Paper>
      ))}
    </Box>
  );
}
