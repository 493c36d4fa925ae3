import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

/** Any unknown path. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta({ title: 'Page not found', description: 'The page you are looking for does not exist or has moved.' });
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography
        component="p"
        aria-hidden
        sx={(t) => ({
          fontFamily: t.typography.h1.fontFamily,
          fontWeight: 700,
          fontSize: { xs: 72, md: 112 },
          lineHeight: 1,
          color: 'primary.main',
        })}
      >
        404
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, my: 2 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        We could not find{' '}
        <Box component="code" sx={{ wordBreak: 'break-all' }}>
          {pathname}
        </Box>
        . It may have moved, or the link may be mistyped.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to={paths.home} variant="contained">
          Go to the home page
        </Button>
        <Button component={RouterLink} to={paths.contactUs} variant="outlined">
          Contact us
        </Button>
      </Stack>
    </Container>
  );
}
