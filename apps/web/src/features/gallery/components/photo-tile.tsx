import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { uploadUrl } from '../../../lib/upload-url.ts';

/** Every tile is this shape, whatever the photo's: the grid never moves as thumbnails arrive. */
export const TILE_RATIO = '4 / 3';

/**
 * A thumbnail in a fixed box (no layout shift), loaded lazily, as a button that opens it (or,
 * in select mode, toggles it). `overlay` draws on top (a check mark, a "kept" badge).
 */
export function PhotoTile({
  thumbUrl,
  label,
  onClick,
  pressed,
  overlay,
}: {
  thumbUrl: string;
  label: string;
  onClick: () => void;
  /** Select mode: the tile is a toggle button. */
  pressed?: boolean;
  overlay?: ReactNode;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={label}
      aria-pressed={pressed}
      focusRipple
      sx={{
        position: 'relative',
        display: 'block',
        width: '100%',
        aspectRatio: TILE_RATIO,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        outline: pressed ? '3px solid' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: pressed ? '-3px' : 0,
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'info.main', outlineOffset: '2px' },
      }}
    >
      <Box
        component="img"
        src={uploadUrl(thumbUrl)}
        alt=""
        loading="lazy"
        decoding="async"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
      />
      {overlay}
    </ButtonBase>
  );
}

/** The grid the tiles sit in: two columns on a phone, up to four on a desktop. */
export const photoGridSx = {
  display: 'grid',
  gap: { xs: 1, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
} as const;
