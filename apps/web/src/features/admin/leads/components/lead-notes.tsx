import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { leadNoteBodySchema, type LeadKind, type LeadNote } from '@kikstart/contract/admin-leads';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../../../components/form/submit-button.tsx';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { useAddLeadNote } from '../api/add-lead-note.ts';

type NoteValues = z.input<typeof leadNoteBodySchema>;

/** The lead's notes, oldest first, and a box to add one (the contract's rule checks it). */
export function LeadNotes({ kind, id, notes }: { kind: LeadKind; id: string; notes: LeadNote[] }) {
  const mutation = useAddLeadNote(kind, id);
  const { control, handleSubmit, reset } = useForm<NoteValues>({
    resolver: zodResolver(leadNoteBodySchema),
    defaultValues: { body: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    await mutation.mutateAsync(values.body.trim());
    reset({ body: '' });
  });
  return (
    <Box component="section" aria-labelledby="lead-notes-title">
      <Typography id="lead-notes-title" variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Notes
      </Typography>
      {notes.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          No notes yet. Write down each call or email so whoever picks this up next knows where it stands.
        </Typography>
      ) : (
        <List disablePadding sx={{ mb: 2 }}>
          {notes.map((note) => (
            <ListItem key={note.id} disableGutters sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {note.authorName ?? 'Former staff member'} · {formatDateTime(note.createdAt)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Typography>
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Add a note">
        <Stack spacing={1.5}>
          <FormTextField control={control} name="body" label="New note" multiline minRows={2} required />
          <Box>
            <SubmitButton loading={mutation.isPending} size="medium">
              Add note
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
