import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { dropOutSchema } from '@kikstart/contract/enrollments';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { ApiError } from '../../lib/api-client.ts';
import { useDropOut } from '../../api/drop-out.ts';

const reasonSchema = dropOutSchema.shape.reason;

/** 'Drop out' / 'Leave waitlist' button with a dialog asking why. */
export function DropOutButton({ enrollment }: { enrollment: Enrollment }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const drop = useDropOut();
  const waitlist = enrollment.status === WAITLIST_STATUS;
  const label = waitlist ? 'Leave the waitlist' : 'Drop out';
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = () => {
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please tell us why');
    drop.mutate(
      { enrollmentId: enrollment.id, reason: parsed.data },
      { onSuccess: close, onError: (err) => err instanceof ApiError && setError(err.errors.reason ?? null) },
    );
  };
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={`${label}: ${enrollment.program.title}`}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={`drop-${enrollment.id}`} fullWidth maxWidth="sm">
        <DialogTitle id={`drop-${enrollment.id}`}>{`${label} of ${enrollment.program.title}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {waitlist
              ? `${enrollment.child.name} will lose the waitlist place.`
              : `${enrollment.child.name}’s seat will be offered to the next family on the waitlist. This cannot be undone.`}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            required
            label="Reason"
            placeholder="e.g. We are moving away"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!error}
            helperText={error ?? 'This helps the coach and the next family.'}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Cancel</Button>
          <Button color="error" variant="contained" onClick={submit} disabled={drop.isPending}>
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
