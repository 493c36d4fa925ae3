import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { FormCard } from '../../../components/form-card.tsx';

/** The frame of the sign-in, sign-up and password pages: a centered card with the page's h1. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        py: { xs: 4, md: 8 },
        bgcolor: (t) => (t.palette.mode === 'light' ? '#FFF5F5' : '#1A1515'),
        minHeight: '100%',
      }}
    >
      <Container maxWidth="sm" disableGutters sx={{ px: { xs: 2, sm: 3 } }}>
        <FormCard title={title} intro={intro} headingLevel={1}>
          {children}
        </FormCard>
      </Container>
    </Box>
  );
}
