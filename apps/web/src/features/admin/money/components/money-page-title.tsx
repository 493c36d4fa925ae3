import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A money page's title, what it is for, and its main action beside it. */
export function MoneyPageTitle({ title, intro, action }: { title: string; intro: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 3 }}>
      <Box sx={{ flex: '1 1 320px' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>
      </Box>
      {action}
    </Box>
  );
}
