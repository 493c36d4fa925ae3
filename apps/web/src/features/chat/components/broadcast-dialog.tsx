import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CHAT_BODY_MAX, CHAT_MESSAGES } from '@kikstart/contract/chat';
import { notify } from '../../../lib/notifications.ts';
import { useMyPrograms } from '../api/get-my-programs.ts';
import { useSendBroadcast } from '../api/send-broadcast.ts';

/** A coach writes once to every family of a program; each family gets it in its own conversation. */
export function BroadcastButton() {
  const [open, setOpen] = useState(false);
  const [programId, setProgramId] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const programs = useMyPrograms(open);
  const send = useSendBroadcast();
  const close = () => {
    setOpen(false);
    setProblem(null);
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Message a whole program
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!programId || !text.trim()) {
              setProblem(!programId ? 'Choose a program' : CHAT_MESSAGES.bodyRequired);
              return;
            }
            send.mutate(
              { programId, body: text.trim() },
              {
                onSuccess: (envelope) => {
                  notify('success', envelope.message);
                  setText('');
                  close();
                },
              },
            );
          }}
        >
          <DialogTitle>Message a whole program</DialogTitle>
          <DialogContent>
            <TextField
              select
              label="Program"
              value={programId}
              onChange={(e) => setProgramId(e.target.value)}
              fullWidth
              margin="normal"
              disabled={programs.isPending}
              helperText={programs.isPending ? 'Loading your programs…' : 'Each family gets it in its own conversation'}
            >
              {(programs.data ?? []).map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Message"
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { maxLength: CHAT_BODY_MAX } }}
              error={!!problem}
              helperText={problem ?? ' '}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              Send to every family
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
