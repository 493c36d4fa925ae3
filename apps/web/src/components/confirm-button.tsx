import { useId, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmButtonProps {
  /** The button that opens the dialog. */
  label: string;
  /** Accessible name of that button when the visible label is not enough ("Remove Ben Okafor"). */
  ariaLabel?: string;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  /** Resolves when done (the dialog closes); rejects to keep it open (the API client already showed the toast). */
  onConfirm: () => Promise<unknown>;
  /** More content under the text, such as a password field. */
  children?: ReactNode;
  variant?: ButtonProps['variant'];
  /** Called when the dialog closes without confirming, to reset fields inside it. */
  onCancel?: () => void;
  /** Styles of the opening button (a darker red where it sits on a hover-tinted table row). */
  sx?: ButtonProps['sx'];
}

/** A destructive action behind a confirmation dialog: nothing happens until the second click. */
export function ConfirmButton({
  label,
  ariaLabel,
  title,
  text,
  confirmLabel,
  onConfirm,
  children,
  variant = 'outlined',
  onCancel,
  sx,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const close = () => {
    if (busy) return;
    setOpen(false);
    onCancel?.();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // Stays open: the toast (and any field message) says what went wrong.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" variant={variant} onClick={() => setOpen(true)} aria-label={ariaLabel} sx={sx}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: children ? 2 : 0 }}>{text}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void confirm()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
