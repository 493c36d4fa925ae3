import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

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
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
            <Typography variant="h1" sx={{ fontSize: { xs: 26, sm: 32 }, mb: intro ? 1 : 3 }}>
              {title}
            </Typography>
            {intro && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {intro}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
