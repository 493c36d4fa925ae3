type CaptureException = (error: unknown) => void;
let capture: CaptureException | null = null;

/**
 * Sentry only when the API that served this page has SENTRY_DSN set: it puts the DSN in this
 * meta tag and the DSN's origin in the page's CSP (docs/decisions/0009). The SDK is a dynamic
 * import, so without a DSN it is never downloaded.
 */
export async function initMonitoring() {
  const dsn = document.querySelector<HTMLMetaElement>('meta[name="kikstart-monitoring-dsn"]')?.content;
  if (!dsn) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  });
  capture = (error) => Sentry.captureException(error);
}

/** Reports an error caught by an error boundary; a no-op without Sentry. */
export function reportError(error: unknown) {
  capture?.(error);
}
