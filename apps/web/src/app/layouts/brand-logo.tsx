import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';

/** Wordmark: the red "Kik" is large bold text, so the brand red meets contrast rules there. */
export function BrandLogo({ onClick }: { onClick?: () => void }) {
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
      <span aria-hidden>
        <Box component="span" sx={{ color: (t) => (t.palette.mode === 'light' ? 'primary.main' : 'primary.light') }}>
          Kik
        </Box>
        Start
      </span>
    </Box>
  );
}
