import { useEffect, useId, useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import { UPLOAD_MESSAGES, uploadAccept } from '@kikstart/contract/uploads';
import { photoProblem } from '../child-form-values.ts';

/** Optional photo, JPEG or PNG, previewed before it is uploaded with the form. */
export function PhotoField({
  currentUrl,
  file,
  onChange,
}: {
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  // Free the preview's memory when the file changes or the form goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? currentUrl;
  return (
    <Box>
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        Photo (optional)
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Avatar src={shown ?? undefined} alt={shown ? 'Photo preview' : undefined} sx={{ width: 72, height: 72 }}>
          <PhotoCamera aria-hidden />
        </Avatar>
        <Button component="label" htmlFor={inputId} variant="outlined">
          {shown ? 'Choose another photo' : 'Choose a photo'}
          <input
            id={inputId}
            type="file"
            accept={uploadAccept('image')}
            hidden
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (!chosen) return;
              const p = photoProblem(chosen);
              setProblem(p);
              onChange(p ? null : chosen);
            }}
          />
        </Button>
        {file && <Button onClick={() => onChange(null)}>Remove</Button>}
      </Box>
      <FormHelperText error={!!problem}>
        {problem ?? `${UPLOAD_MESSAGES.hint('image')}. Shown to your child’s coach only.`}
      </FormHelperText>
    </Box>
  );
}
