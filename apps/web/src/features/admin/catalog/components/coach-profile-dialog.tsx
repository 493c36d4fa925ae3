import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { AdminCoach } from '@kikstart/contract/admin-catalog';
import { CoachProfileForm } from '../../../../components/coach-profile-form.tsx';
import { useSaveCoachProfile } from '../api/save-coach-profile.ts';
import { useUploadCoachPhoto } from '../api/upload-coach-photo.ts';

/** Staff edit a coach's photo, bio and credentials with the form the coach uses at /coach/profile. */
export function CoachProfileDialog({ coach }: { coach: AdminCoach }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const save = useSaveCoachProfile();
  const upload = useUploadCoachPhoto();
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Edit ${coach.name}'s profile`}>
        Edit profile
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={headingId} fullWidth maxWidth="md">
        <DialogContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <CoachProfileForm
            profile={coach}
            heading={`${coach.name}: photo, bio and credentials`}
            headingId={headingId}
            ownProfile={false}
            onSave={async (input) => {
              const saved = await save.mutateAsync({ id: coach.id, input });
              return saved;
            }}
            onUploadPhoto={(file) => upload.mutateAsync({ id: coach.id, file })}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
