import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';

/**
 * Wordmark: the red "Kik" is large bold text, so the brand red meets contrast rules there.
 * `compact` shows only the mark below 600 px, where the header also holds Sign in and Sign up.
 */
export function BrandLogo({ onClick, compact = false }: { onClick?: () => void; compact?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={paths.home}
      aria-label="KikStart home"
      onClick={onClick}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        textDecoration: 'none',
        color: 'text.primary',
        fontFamily: (t) => t.typography.h1.fontFamily,
        fontWeight: 700,
        fontSize: 24,
        letterSpacing: '-0.02em',
        borderRadius: 1,
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
      <Box component="span" aria-hidden sx={compact ? { display: { xs: 'none', sm: 'inline' } } : undefined}>
        <Box component="span" sx={{ color: (t) => (t.palette.mode === 'light' ? 'primary.main' : 'primary.light') }}>
          Kik
        </Box>
        Start
      </Box>
    </Box>
  );
}
