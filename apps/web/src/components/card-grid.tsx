import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** One, two, then three columns: the grid of children's cards and partner schools. */
export const CARD_GRID_COLUMNS = { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } as const;

/** A list laid out as a card grid; each child is an <li> (or renders as one). */
export function CardGrid({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  return (
    <Box
      component="ul"
      aria-hidden={hidden || undefined}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: CARD_GRID_COLUMNS }}
    >
      {children}
    </Box>
  );
}
