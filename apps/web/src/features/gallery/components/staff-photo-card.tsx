import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GALLERY_MESSAGES, type StaffPhoto, type TaggableChild } from '@kikstart/contract/gallery';
import { uploadUrl } from '../../../lib/upload-url.ts';
import { useTagPhoto } from '../api/tag-photo.ts';
import { useDeletePhoto } from '../api/delete-photo.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { TILE_RATIO } from './photo-tile.tsx';

/** One uploaded photo: who is in it, whether that is everyone, and whether families see it yet. */
export function StaffPhotoCard({
  photo,
  position,
  roster,
}: {
  photo: StaffPhoto;
  position: number;
  roster: TaggableChild[];
}) {
  const [tagged, setTagged] = useState<Set<string>>(new Set(photo.taggedChildIds));
  const [complete, setComplete] = useState(photo.tagsComplete);
  const tag = useTagPhoto();
  const remove = useDeletePhoto();
  const noConsent = roster.filter((c) => !c.photoConsent && tagged.has(c.id));
  const headingId = `photo-${photo.id}`;
  const toggle = (id: string) =>
    setTagged((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Box
          component="img"
          src={uploadUrl(photo.thumbUrl)}
          alt={`Photo ${position}: ${photo.originalName}`}
          loading="lazy"
          sx={{
            width: { xs: '100%', sm: 240 },
            height: 'auto',
            alignSelf: 'flex-start',
            aspectRatio: TILE_RATIO,
            objectFit: 'cover',
            borderRadius: 2,
            bgcolor: 'action.hover',
            flexShrink: 0,
          }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Typography id={headingId} variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              Photo {position}
            </Typography>
            <Chip
              size="small"
              label={photo.tagsComplete ? 'Shared with families' : 'Staff only'}
              color={photo.tagsComplete ? 'success' : 'default'}
              variant="outlined"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {photo.originalName}
          </Typography>
          {roster.length === 0 ? (
            <Typography sx={{ mb: 1 }}>No child is enrolled in this session, so there is no one to tag.</Typography>
          ) : (
            <FormGroup aria-label={`Children in photo ${position}`} sx={{ mb: 1 }}>
              {roster.map((c) => (
                <FormControlLabel
                  key={c.id}
                  control={<Checkbox checked={tagged.has(c.id)} onChange={() => toggle(c.id)} />}
                  label={`${c.firstName} ${c.lastName}${c.photoConsent ? '' : ' (photo consent: No)'}`}
                />
              ))}
            </FormGroup>
          )}
          {noConsent.length > 0 && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {GALLERY_MESSAGES.noConsentWarning} ({noConsent.map((c) => c.firstName).join(', ')})
            </Alert>
          )}
          <FormControlLabel
            control={<Checkbox checked={complete} onChange={(e) => setComplete(e.target.checked)} />}
            label="Every child in this photo is tagged"
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="contained"
              disabled={tag.isPending}
              onClick={() => tag.mutate({ photoId: photo.id, childIds: [...tagged], complete })}
            >
              Save tags
            </Button>
            <ConfirmButton
              label="Delete photo"
              ariaLabel={`Delete photo ${position}`}
              title="Delete this photo?"
              text="The photo is deleted for everyone, including families who kept it."
              confirmLabel="Delete photo"
              onConfirm={() => remove.mutateAsync(photo.id)}
            />
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
