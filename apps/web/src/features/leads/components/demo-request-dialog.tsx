import { startTransition, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import { DEMO_MODAL_TEXT, DEMO_MODAL_TITLE } from '@kikstart/contract/leads';
import { useAppDispatch, useAppSelector } from '../../../store/hooks.ts';
import { demoClosed, demoSubmitted } from '../../../store/demo-slice.ts';
import { DEMO_IN_PAGE_CLASS } from '../../../lib/first-visit-cookie.ts';
import { useRenderEnv } from '../../../lib/render-env.ts';
import { DiscardChangesDialog } from './discard-changes-dialog.tsx';
import { DemoRequestForm } from './demo-request-form.tsx';

/**
 * The 'Request A Free Demo' modal (spec §2, §4, §5). Loaded on demand by DemoModalHost; its
 * open state and the offer it was opened for live in the `demo` slice. Closing it (Escape, a
 * click outside, the close button) after typing asks first, so nothing typed is lost by accident.
 *
 * On a first visit to a marketing page the server renders it open (spec §4: it starts open) in
 * the page rather than a portal, with no fade-in, so it shows with the HTML and needs no script
 * to appear (decision 0027). Full screen on phones is by CSS, so both sides render the same.
 */
export default function DemoRequestDialog() {
  const dispatch = useAppDispatch();
  const { open, details } = useAppSelector((s) => s.demo);
  // In the page while it is the one the server rendered; a portal (MUI's usual way) once that one
  // has closed: MUI leaves the page hidden from screen readers after a second in-page opening.
  const [inPage, setInPage] = useState(useRenderEnv().demoOpen);
  const titleId = useId();
  const textId = useId();
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    setDirty(false);
    dispatch(demoClosed());
  };
  const requestClose = () => (dirty ? setConfirming(true) : close());
  // The form (its fields and the date picker: most of the dialog's work) renders in a transition
  // after the dialog's frame, so React splits it into short tasks: on a first visit the modal
  // opens while the page is still settling, and one long task there delays every tap (0027).
  const [formShown, setFormShown] = useState(inPage);
  useEffect(() => {
    if (open && !formShown) startTransition(() => setFormShown(true));
  }, [open, formShown]);
  return (
    <Dialog
      open={open}
      onClose={requestClose}
      disablePortal={inPage}
      className={inPage ? DEMO_IN_PAGE_CLASS : undefined}
      onTransitionExited={() => {
        setInPage(false);
        // After the focus trap has put the focus back, as the dialog's content unmounts.
        setTimeout(focusPageIfLost);
      }}
      slotProps={{
        transition: { appear: !inPage },
        backdrop: { appear: !inPage },
        paper: { sx: fullScreenOnPhones },
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId} component="h2" variant="h3" sx={{ pr: 7 }}>
        {DEMO_MODAL_TITLE}
      </DialogTitle>
      <IconButton
        aria-label="Close the demo request"
        onClick={requestClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent>
        <Typography id={textId} color="text.secondary" sx={{ mb: 2 }}>
          {DEMO_MODAL_TEXT}
        </Typography>
        {details?.title && (
          <Chip color="primary" variant="outlined" label={`Offer: ${details.title}`} sx={{ mb: 2, maxWidth: '100%' }} />
        )}
        {/* A new offer starts a fresh form, so the offerId always matches what is shown. */}
        {formShown ? (
          <DemoRequestForm
            key={details?._id ?? 'general'}
            details={details}
            onDirtyChange={setDirty}
            onSent={() => dispatch(demoSubmitted())}
          />
        ) : (
          <Box sx={{ minHeight: DEMO_FORM_HEIGHT }} />
        )}
      </DialogContent>
      <DiscardChangesDialog
        open={confirming}
        text="Your demo request has not been sent. If you close it now, what you typed is lost."
        onKeep={() => setConfirming(false)}
        onDiscard={close}
      />
    </Dialog>
  );
}

/**
 * Closed, the dialog gives the focus back to what opened it (MUI's focus trap); one that opened by
 * itself with the page had no opener, so the page's main content takes it instead of the body.
 */
function focusPageIfLost() {
  if (document.activeElement && document.activeElement !== document.body) return;
  document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
}

/** MUI's full-screen dialog, below the `sm` breakpoint. */
const fullScreenOnPhones = (t: Theme) => ({
  [t.breakpoints.down('sm')]: {
    m: 0,
    width: '100%',
    maxWidth: '100%',
    height: '100%',
    maxHeight: 'none',
    borderRadius: 0,
  },
});

/** The form's height as laid out (px; phones, wider), reserved while it renders so the dialog does not jump. */
const DEMO_FORM_HEIGHT = { xs: 590, sm: 546 };
