import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** An empty list that says what to do next (GUIDE §5): a heading, a sentence and the way forward. */
export function EmptyState({ title, text, actions }: { title: string; text: string; actions: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h3" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        {actions}
      </Stack>
    </Box>
  );
}
