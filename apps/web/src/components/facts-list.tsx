import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

const rowSx = (labelWidth: number) =>
  ({
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', sm: `${labelWidth}px 1fr` },
    gap: { xs: 0, sm: 2 },
    py: 1.25,
    borderBottom: 1,
    borderColor: 'divider',
  }) as const;

/** Label and value pairs as a definition list (<dl>): a child's details, a program's facts, the wizard's review. */
export function FactsList({
  facts,
  labelWidth = 160,
}: {
  facts: ({ label: string; value: ReactNode } | false | null | undefined)[];
  labelWidth?: number;
}) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {facts.map(
        (f) =>
          f && (
            <Box key={f.label} sx={rowSx(labelWidth)}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {f.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
                {f.value}
              </Typography>
            </Box>
          ),
      )}
    </Box>
  );
}

/** The same list while it loads: one line per fact, at a fact's height. */
export function FactsListSkeleton({ count, labelWidth = 160 }: { count: number; labelWidth?: number }) {
  return (
    <Box aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <Box key={i} sx={rowSx(labelWidth)}>
          <Typography>
            <Skeleton animation="wave" width="60%" />
          </Typography>
          <Typography>
            <Skeleton animation="wave" width={`${55 + ((i * 17) % 40)}%`} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
