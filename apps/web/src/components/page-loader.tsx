import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * Spinner for lazy routes and session checks; announced to screen readers. It fills the screen, so
 * the footer stays below the fold until the page (or its skeleton) takes its place and never jumps.
 */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        minHeight: '100vh',
        pt: '30vh',
        gap: 2,
      }}
    >
      <CircularProgress size={32} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}
