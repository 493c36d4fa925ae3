import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ProgramSummary } from '@kikstart/contract/programs';
import { uploadUrl } from '../lib/upload-url.ts';
import { useFirstScreenPicture } from '../lib/page-meta.ts';

/** The illustrations' canvas; photos are cropped to the same 16:9 box. */
export const PROGRAM_IMAGE_WIDTH = 320;
export const PROGRAM_IMAGE_HEIGHT = 180;

/** Shown for a program without a picture, so every card keeps one shape; it says nothing, so alt="". */
const PLACEHOLDER = '/illustrations/programs/program.svg';

/**
 * Staff uploads live on the API host (`/uploads/…`, which may be another origin); the
 * illustrations ship with this web app, so their site path is used as it is.
 */
export const programImageSrc = (imageUrl: string) =>
  imageUrl.startsWith('/uploads/') ? (uploadUrl(imageUrl) ?? imageUrl) : imageUrl;

/**
 * A program's picture in a fixed 16:9 box: width/height attributes and aspect-ratio reserve the
 * space before the file arrives, so nothing below moves when it does.
 */
export function ProgramImage({
  program,
  eager = false,
  sx,
}: {
  program: Pick<ProgramSummary, 'imageUrl' | 'imageAlt'>;
  /** Above the fold (details page): fetch at once instead of when scrolled near. */
  eager?: boolean;
  sx?: SxProps<Theme>;
}) {
  const src = program.imageUrl ? programImageSrc(program.imageUrl) : PLACEHOLDER;
  useFirstScreenPicture(eager ? src : undefined);
  return (
    <Box
      data-testid="program-image-box"
      sx={[
        { aspectRatio: '16 / 9', overflow: 'hidden', bgcolor: 'action.hover', flexShrink: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        component="img"
        src={src}
        alt={program.imageUrl ? (program.imageAlt ?? '') : ''}
        width={PROGRAM_IMAGE_WIDTH}
        height={PROGRAM_IMAGE_HEIGHT}
        loading={eager ? 'eager' : 'lazy'}
        // Server-rendered, the first screen's picture is often the largest paint: ask for it first.
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}
