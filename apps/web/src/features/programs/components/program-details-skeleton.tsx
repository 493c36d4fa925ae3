import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FactsListSkeleton } from '../../../components/facts-list.tsx';

const text = (width: string | number, key?: number) => (
  <Typography key={key}>
    <Skeleton animation="wave" width={width} />
  </Typography>
);

/**
 * A program's details while they load, in the page's own grid: sport, title, chips, summary, the
 * description and the sessions on the left; the facts card with its two buttons on the right. Each
 * line sits inside the Typography it stands for, so it takes that text's height, and the whole is
 * taller than a screen, so the footer does not jump up and back.
 */
export function ProgramDetailsSkeleton() {
  return (
    <Grid container spacing={{ xs: 3, md: 5 }} aria-hidden data-testid="program-details-skeleton">
      <Grid size={{ xs: 12, md: 7 }}>
        <Typography variant="overline" component="div">
          <Skeleton animation="wave" width={90} />
        </Typography>
        <Typography variant="h1" component="div" sx={{ mb: 2 }}>
          <Skeleton animation="wave" width="75%" />
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 3 }}>
          <Skeleton animation="wave" variant="rounded" width={110} height={24} />
          <Skeleton animation="wave" variant="rounded" width={150} height={24} />
        </Stack>
        <Typography sx={{ fontSize: 18, mb: 3 }}>
          <Skeleton animation="wave" />
          <Skeleton animation="wave" width="60%" />
        </Typography>
        {/* The program's picture: a 16:9 box, as ProgramImage draws it. */}
        <Skeleton
          animation="wave"
          variant="rounded"
          sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 2, mb: 4 }}
        />
        <Typography variant="h3" component="div" sx={{ mb: 1.5 }}>
          <Skeleton animation="wave" width={220} />
        </Typography>
        {['100%', '96%', '92%', '98%', '70%'].map((w, i) => text(w, i))}
        <Typography variant="h3" component="div" sx={{ mt: 4, mb: 2 }}>
          <Skeleton animation="wave" width={200} />
        </Typography>
        <Stack spacing={1.5}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} animation="wave" variant="rounded" height={84} />
          ))}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <FactsListSkeleton count={8} labelWidth={130} />
          <Stack spacing={1.5} sx={{ mt: 3 }}>
            <Skeleton animation="wave" variant="rounded" height={42} />
            <Skeleton animation="wave" variant="rounded" height={42} />
          </Stack>
          <Box sx={{ mt: 2 }}>{text('80%')}</Box>
        </Paper>
      </Grid>
    </Grid>
  );
}
