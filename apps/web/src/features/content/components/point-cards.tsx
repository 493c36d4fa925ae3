import type { SxProps, Theme } from '@mui/material/styles';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/** A grid of titled cards (why-us reasons, school benefits): two a row from `sm`, `md` columns wide from `md`. */
export function PointCards({
  points = [],
  md,
  sx,
}: {
  points?: { title: string; text: string }[];
  md?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <Grid container spacing={3} sx={sx}>
      {points.map((p) => (
        <Grid key={p.title} size={{ xs: 12, sm: 6, ...(md ? { md } : {}) }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h3" component="h2" gutterBottom>
                {p.title}
              </Typography>
              <Typography color="text.secondary">{p.text}</Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
