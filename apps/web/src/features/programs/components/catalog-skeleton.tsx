import Grid from '@mui/material/Grid';
import { ProgramCardSkeleton } from '../../../components/program-card.tsx';

/** A page of the catalog while it loads: six program cards in the results grid, at a card's size. */
export function CatalogSkeleton() {
  return (
    <Grid container spacing={3} aria-hidden data-testid="catalog-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
          <ProgramCardSkeleton />
        </Grid>
      ))}
    </Grid>
  );
}
