import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** Title band shared by content pages. */
export function PageHeader({
  title,
  description,
  maxWidth = 'md',
}: {
  title?: string;
  description?: string;
  maxWidth?: 'md' | 'lg';
}) {
  return (
    <Box sx={{ py: { xs: 5, md: 8 }, bgcolor: (t) => (t.palette.mode === 'light' ? '#FFF5F5' : '#1A1515') }}>
      <Container maxWidth={maxWidth}>
        {title ? (
          <>
            <Typography variant="h1" sx={{ mb: 2 }}>
              {title}
            </Typography>
            {description && <Typography sx={{ fontSize: 18, color: 'text.secondary' }}>{description}</Typography>}
          </>
        ) : (
          <Box aria-hidden>
            <Skeleton variant="text" width="60%" sx={{ fontSize: 60 }} />
            <Skeleton width="80%" />
          </Box>
        )}
      </Container>
    </Box>
  );
}
