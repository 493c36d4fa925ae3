import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The filled circle with a step's number (home page steps, a program's sessions). The number is
 * decoration: the list item or a visually hidden "Session n:" says it to screen readers.
 */
export function StepNumber({ n, size = 36, sx }: { n: number; size?: 36 | 48; sx?: SxProps<Theme> }) {
  return (
    <Box
      aria-hidden
      sx={[
        {
          flexShrink: 0,
          width: size,
          height: size,
          borderRadius: '50%',
          bgcolor: 'primary.dark',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: size === 48 ? 20 : undefined,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {n}
    </Box>
  );
}
