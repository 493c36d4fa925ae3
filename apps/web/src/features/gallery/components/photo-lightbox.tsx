import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import { uploadUrl } from '../../../lib/upload-url.ts';

export interface LightboxPhoto {
  id: string;
  webUrl: string;
  width: number;
  height: number;
  /** 'Soccer Stars, Wednesday, March 4': read out and shown under the photo. */
  caption: string;
}

/**
 * One photo at a time, large. Left and right arrows move through the page's photos, Escape
 * closes (the Dialog's), and focus stays inside while it is open and returns to the tile after.
 */
export function PhotoLightbox({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: LightboxPhoto[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && index < photos.length;
  const photo = open ? photos[index] : undefined;
  const hasPrev = open && index > 0;
  const hasNext = open && index < photos.length - 1;
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft' && hasPrev) onIndex(index - 1);
      if (e.key === 'ArrowRight' && hasNext) onIndex(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, index, hasPrev, hasNext, onIndex]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      {photo && (
        <Box sx={{ position: 'relative', p: { xs: 1, sm: 2 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography id={titleId} component="h2" sx={{ fontSize: 15, fontWeight: 600 }}>
              {photo.caption} · {index! + 1} of {photos.length}
            </Typography>
            <IconButton onClick={onClose} aria-label="Close photo" sx={{ color: 'inherit' }}>
              <Close />
            </IconButton>
          </Stack>
          <Box
            sx={{
              position: 'relative',
              width: '100%',
              aspectRatio: `${photo.width} / ${photo.height}`,
              maxHeight: '75vh',
              mx: 'auto',
              display: 'flex',
              justifyContent: 'center',
            }}
          >
            <Box
              component="img"
              src={uploadUrl(photo.webUrl)}
              alt={photo.caption}
              width={photo.width}
              height={photo.height}
              sx={{ maxWidth: '100%', maxHeight: '75vh', width: 'auto', height: 'auto', objectFit: 'contain' }}
            />
          </Box>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 1 }}>
            <IconButton
              onClick={() => onIndex(index! - 1)}
              disabled={!hasPrev}
              aria-label="Previous photo"
              sx={{ color: 'inherit', '&.Mui-disabled': { color: 'grey.600' } }}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              onClick={() => onIndex(index! + 1)}
              disabled={!hasNext}
              aria-label="Next photo"
              sx={{ color: 'inherit', '&.Mui-disabled': { color: 'grey.600' } }}
            >
              <ChevronRight />
            </IconButton>
          </Stack>
        </Box>
      )}
    </Dialog>
  );
}
