import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A wide table on a narrow screen scrolls sideways inside this box instead of widening the page.
 * Focusable and named, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        '& td, & th': { whiteSpace: 'nowrap' },
        '& td:first-of-type, & th:first-of-type': { whiteSpace: 'normal', minWidth: 140 },
      }}
    >
      {children}
    </Box>
  );
}
