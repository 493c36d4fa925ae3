import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * Asks before a filled form is thrown away. An alert dialog: focus starts on "Keep editing",
 * the safe choice, and Escape or a click outside keeps the form too.
 */
export function DiscardChangesDialog({
  open,
  text,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  text: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} variant="h4">
        Discard what you typed?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      {/* Side by side where they fit; stacked full width on a phone. */}
      <DialogActions
        disableSpacing
        sx={{
          px: 3,
          pb: 2,
          gap: 1,
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        <Button variant="contained" onClick={onKeep} autoFocus>
          Keep editing
        </Button>
        <Button color="error" variant="outlined" onClick={onDiscard}>
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
