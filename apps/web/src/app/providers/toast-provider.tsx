import type { ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_VISIBLE } from '../../lib/notifications.ts';

// notistack's default greens and reds are below AA with white text; these pass (≥ 6:1).
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontSize: 15,
  '&.notistack-MuiContent-success': { backgroundColor: '#1B5E20', color: '#FFFFFF' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B71C1C', color: '#FFFFFF' },
}));

/** Toasts: bottom-left, 4 s, at most 3 visible (spec §2, §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      maxSnack={TOAST_MAX_VISIBLE}
      preventDuplicate
      Components={{ success: Toast, error: Toast }}
    >
      {children}
    </SnackbarProvider>
  );
}
