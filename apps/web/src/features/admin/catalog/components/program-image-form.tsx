import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { uploadAccept, uploadProblem } from '@kikstart/contract/uploads';
import type { AdminProgram } from '@kikstart/contract/admin-catalog';
import { uploadUrl } from '../../../../lib/upload-url.ts';
import { useUploadProgramImage } from '../api/upload-program-image.ts';

/** The program's picture: shown as families see it, replaced by a JPEG or PNG with its description. */
export function ProgramImageForm({ program }: { program: AdminProgram }) {
  const upload = useUploadProgramImage();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(program.imageAlt ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Box
      component="form"
      aria-label="Program picture"
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) return setProblem('Choose a JPEG or PNG picture');
        upload.mutate({ id: program.id, file, imageAlt: alt }, { onSuccess: () => setFile(null) });
      }}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, alignItems: 'start' }}
    >
      <Box
        component={program.imageUrl ? 'img' : 'div'}
        src={uploadUrl(program.imageUrl)}
        alt={program.imageUrl ? (program.imageAlt ?? '') : undefined}
        width={240}
        height={135}
        sx={{
          width: '100%',
          maxWidth: 240,
          aspectRatio: '16 / 9',
          objectFit: 'cover',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: 20 }}>
          Picture
        </Typography>
        <Button variant="outlined" component="label" sx={{ justifySelf: 'start' }}>
          {file ? `Chosen: ${file.name}` : 'Choose a picture'}
          <input
            hidden
            type="file"
            accept={uploadAccept('image')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const wrong = chosen ? uploadProblem('image', chosen) : null;
              setProblem(wrong);
              setFile(wrong ? null : chosen);
            }}
          />
        </Button>
        {problem && (
          <Typography role="alert" sx={{ color: 'error.main', fontSize: 14 }}>
            {problem}
          </Typography>
        )}
        <TextField
          label="What the picture shows (for screen readers)"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ justifySelf: 'start' }}>
          Upload picture
        </Button>
      </Box>
    </Box>
  );
}
