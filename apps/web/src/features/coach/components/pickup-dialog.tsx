import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COACH_MESSAGES,
  UNLISTED_PICKUP_ID,
  programInstant,
  programWallTime,
  type RosterChild,
} from '@kikstart/contract/coach';
import type { RecordPickup } from '../api/record-pickup.ts';
import { formatPhoneAsTyped } from '../../../lib/format/phone.ts';

/**
 * Who is collecting the child, chosen from the guardians and the pickup list, and when (now unless
 * changed). "Someone not on this list" sends the attempt on purpose: the server refuses it and
 * keeps it for the office, so the coach has one place to report a stranger at the gate.
 */
export function PickupDialog({
  child,
  date,
  open,
  pending,
  onClose,
  onSubmit,
}: {
  child: RosterChild;
  date: string;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (input: Omit<RecordPickup, 'childId'>) => void;
}) {
  const titleId = useId();
  const [personId, setPersonId] = useState('');
  const [time, setTime] = useState(() => programWallTime(new Date()));
  const [touchedTime, setTouchedTime] = useState(false);
  const [error, setError] = useState('');
  const name = `${child.firstName} ${child.lastName}`;

  const submit = () => {
    if (!personId) return setError(COACH_MESSAGES.personRequired);
    // Left at "now": the server's clock decides, so a phone whose clock is off cannot move the record.
    onSubmit({ personId, at: touchedTime ? programInstant(date, time).toISOString() : undefined });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ fontSize: 18, fontWeight: 700 }}>
        Pickup of {name}
      </DialogTitle>
      <DialogContent>
        <FormControl error={Boolean(error)} component="fieldset" sx={{ mb: 2, width: '100%' }}>
          <FormLabel component="legend">Who is picking {child.firstName} up?</FormLabel>
          <RadioGroup
            value={personId}
            onChange={(e) => {
              setPersonId(e.target.value);
              setError('');
            }}
          >
            {child.pickupList.map((p) => (
              <FormControlLabel
                key={p.id}
                value={p.id}
                control={<Radio />}
                label={`${p.name} (${p.relation}${p.phone ? `, ${formatPhoneAsTyped(p.phone)}` : ''})`}
              />
            ))}
            <FormControlLabel value={UNLISTED_PICKUP_ID} control={<Radio />} label="Someone not on this list" />
          </RadioGroup>
          {error && (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          )}
        </FormControl>
        <TextField
          label="Pickup time"
          type="time"
          value={time}
          onChange={(e) => {
            setTime(e.target.value);
            setTouchedTime(true);
          }}
          helperText="Now, unless you change it"
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Record pickup
        </Button>
      </DialogActions>
    </Dialog>
  );
}
