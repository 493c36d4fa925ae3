import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../lib/monitoring.ts';

/**
 * Last-resort error screen for errors outside the page boundary (e.g. in the header).
 * It renders without the layout, so it uses only plain links and a full reload as retry.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);
  return (
    <Box component="main" id="main-content" sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Sorry, the page could not be shown. Please try again.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Button variant="outlined" href="/">
          Go to the home page
        </Button>
      </Box>
    </Box>
  );
}
