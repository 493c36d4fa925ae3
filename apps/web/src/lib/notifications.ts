/** Notification variants (spec §4). */
export type NotifyVariant = 'success' | 'warning' | 'error';

export const TOAST_AUTO_HIDE_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

export interface Toast {
  variant: 'success' | 'error';
  message: string;
}

// The toasts' code (notistack and its styles: app/providers/toast-host.tsx) is not part of every
// page: it loads when the first toast is wanted, or at the visitor's first tap or key press. A
// toast wanted before it has mounted waits here and shows as soon as it has, in order.
let show: ((toast: Toast) => void) | undefined;
let wantHost: (() => void) | undefined;
const waiting: Toast[] = [];

/**
 * Shows a toast from anywhere, React or not (the API client uses it). Spec §8: error and
 * warning variants show an error toast; success shows a success toast.
 */
export function notify(variant: NotifyVariant, message: string) {
  // The server renderer has no toasts; a failed read shows its error state in the page instead.
  if (typeof window === 'undefined') return;
  const toast: Toast = { variant: variant === 'success' ? 'success' : 'error', message };
  if (show) return show(toast);
  waiting.push(toast);
  wantHost?.();
}

/** For ToastProvider: `load` is called once a toast is waiting (at once if one already is). */
export function whenToastWanted(load: () => void) {
  wantHost = load;
  if (waiting.length) load();
  return () => {
    if (wantHost === load) wantHost = undefined;
  };
}

/** For the mounted toast host: shows the toasts that waited, then every new one. */
export function attachToastHost(display: (toast: Toast) => void) {
  show = display;
  for (const toast of waiting.splice(0)) display(toast);
  return () => {
    if (show === display) show = undefined;
  };
}
