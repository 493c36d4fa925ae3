import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';

/**
 * Lines of text while they load, one per line of the real text: each skeleton sits inside the
 * Typography it stands for, so it takes exactly that line's height and nothing moves when it is filled.
 */
export function TextSkeleton({ lines }: { lines: { width: string | number; variant?: TypographyProps['variant'] }[] }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      {lines.map((l, i) => (
        <Typography key={i} variant={l.variant} component="div">
          <Skeleton animation="wave" width={l.width} />
        </Typography>
      ))}
    </Box>
  );
}
