import { useEffect } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, enqueueSnackbar } from 'notistack';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_VISIBLE, attachToastHost } from '../../lib/notifications.ts';

// notistack's default greens and reds are below AA with white text; these pass (≥ 6:1).
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontSize: 15,
  '&.notistack-MuiContent-success': { backgroundColor: '#1B5E20', color: '#FFFFFF' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B71C1C', color: '#FFFFFF' },
}));

const TOASTS_CLASS = 'kikstart-toasts';

/**
 * On phones a bottom toast spans the screen and covered the footer's text and the buttons that end
 * a form or a wizard step (issue 12 item 13): there the toasts sit under the sticky header
 * (site-header.tsx: 64 px tall on phones) instead, newest first. Wider screens keep spec §2's
 * bottom-left corner, where a toast is narrow and leaves the content's buttons free.
 */
const underHeaderOnPhones = (
  <GlobalStyles
    styles={(theme) => ({
      [`.notistack-SnackbarContainer.${TOASTS_CLASS}`]: {
        [theme.breakpoints.down('sm')]: { top: 66, bottom: 'auto', flexDirection: 'column' },
      },
    })}
  />
);

/**
 * Toasts: bottom-left (under the header on phones), 4 s, at most 3 visible (spec §2, §9).
 * Loaded by ToastProvider when first needed; shows what `notify` was asked meanwhile.
 */
export default function ToastHost() {
  useEffect(() => attachToastHost(({ variant, message }) => enqueueSnackbar(message, { variant })), []);
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      classes={{ containerAnchorOriginBottomLeft: TOASTS_CLASS }}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      maxSnack={TOAST_MAX_VISIBLE}
      preventDuplicate
      Components={{ success: Toast, error: Toast }}
    >
      {underHeaderOnPhones}
    </SnackbarProvider>
  );
}
