import { enqueueSnackbar } from 'notistack';

/** Notification variants (spec §4). */
export type NotifyVariant = 'success' | 'warning' | 'error';

export const TOAST_AUTO_HIDE_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

/**
 * Shows a toast from anywhere, React or not (the API client uses it). Spec §8: error and
 * warning variants show an error toast; success shows a success toast.
 */
export function notify(variant: NotifyVariant, message: string) {
  // The server renderer has no toasts; a failed read shows its error state in the page instead.
  if (typeof window === 'undefined') return;
  enqueueSnackbar(message, { variant: variant === 'success' ? 'success' : 'error' });
}
