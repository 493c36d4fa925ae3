import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** A landing-page section: a labeled region with a heading and optional intro. */
export function Section({
  id,
  title,
  intro,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        py: { xs: 6, md: 10 },
        bgcolor: tinted ? (t) => (t.palette.mode === 'light' ? '#FFF5F5' : '#1A1515') : undefined,
      }}
    >
      <Container maxWidth="lg">
        <Typography id={headingId} variant="h2" sx={{ mb: intro ? 1.5 : 4 }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
