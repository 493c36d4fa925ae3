import type * as SentryNode from '@sentry/node';
import type { Breadcrumb, ErrorEvent, EventHint } from '@sentry/node';
import type { AppConfig } from '../config/env.ts';
import { isDatabaseUnavailable, summarizeDbError, type DbErrorSummary } from './db-errors.ts';
import { redactUrl } from './log-redaction.ts';

/**
 * Server-side error monitoring (Sentry's Node SDK), on only when SENTRY_DSN is set (decision
 * 0009). Errors only: no tracing, no request data, no local variables, and every text that leaves
 * is scrubbed (scrubEvent below). The SDK is imported only when it is on.
 */

type Sentry = typeof SentryNode;
type Handler = { event: string; listener: (...args: unknown[]) => void };

/** What an error report may say about where it happened; never the URL, headers or body. */
export interface ErrorContext {
  /** The route pattern (`/api/child/:id`), not the URL, which may carry ids and tokens. */
  route?: string;
  method?: string;
  /** Finds the request's log line. */
  requestId?: string;
  /** The background job that failed (lib/periodic.ts). */
  task?: string;
}

const PROCESS_EVENTS = ['uncaughtException', 'unhandledRejection'];
/** The process seen as the plain emitter it is, whatever the event's name. */
const processEvents: NodeJS.EventEmitter = process;
/** The process's error handlers now, so the SDK's can be told apart and removed on close. */
const errorHandlers = (): Handler[] =>
  PROCESS_EVENTS.flatMap((event) =>
    processEvents.listeners(event).map((listener) => ({ event, listener: listener as Handler['listener'] })),
  );

let active: { sdk: Sentry; handlers: Handler[] } | undefined;

/**
 * Starts reporting when `config.monitoring` is set; true when it did. Call once, early in the
 * process: the SDK is global, and its process handlers report uncaught errors (the app's own
 * handlers still decide the shutdown, lib/shutdown.ts).
 */
export async function initErrorMonitoring(config: Pick<AppConfig, 'monitoring' | 'env'>): Promise<boolean> {
  if (!config.monitoring || active) return false;
  const sdk = await import('@sentry/node');
  const before = errorHandlers();
  sdk.init({
    dsn: config.monitoring.dsn,
    environment: config.env,
    sendDefaultPii: false,
    // Errors only. Without the OpenTelemetry setup and the loader hooks no module is patched;
    // the integrations are named, so none that reads requests, console output or variables runs.
    skipOpenTelemetrySetup: true,
    registerEsmLoaderHooks: false,
    defaultIntegrations: false,
    integrations: [
      sdk.eventFiltersIntegration(),
      sdk.linkedErrorsIntegration(),
      sdk.contextLinesIntegration(),
      sdk.nodeContextIntegration(),
      sdk.onUncaughtExceptionIntegration(),
      // 'none': report only; the app's own handler shuts down (a warning or an exit here would not).
      sdk.onUnhandledRejectionIntegration({ mode: 'none' }),
    ],
    // The SDK also reads these from SENTRY_* variables; here they stay off whatever they say.
    debug: false,
    spotlight: false,
    beforeSendTransaction: () => null,
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
  const handlers = errorHandlers().filter((h) => !before.some((b) => b.event === h.event && b.listener === h.listener));
  active = { sdk, handlers };
  return true;
}

/**
 * Reports an unexpected error (a 5xx, a failed job); a no-op while monitoring is off. A database
 * that cannot be reached is an outage the readiness probe reports, not a bug, so it is not sent.
 */
export function captureError(error: unknown, context: ErrorContext = {}) {
  if (!active || isDatabaseUnavailable(error)) return;
  const { requestId, ...tags } = context;
  active.sdk.captureException(error, {
    tags: Object.fromEntries(Object.entries(tags).filter(([, value]) => value !== undefined)),
    extra: requestId ? { requestId } : {},
  });
}

/** Waits until the reports so far are sent (at most `timeoutMs`). */
export async function flushErrorMonitoring(timeoutMs = 2_000) {
  await active?.sdk.flush(timeoutMs);
}

/** Sends what is pending and stops: the client closes and its process handlers are removed. */
export async function closeErrorMonitoring(timeoutMs = 2_000) {
  const current = active;
  if (!current) return;
  active = undefined;
  await current.sdk.close(timeoutMs);
  for (const { event, listener } of current.handlers) processEvents.off(event, listener);
}

/**
 * What may leave in a report. The request is dropped whole (URL, query, headers, cookies, body),
 * and the user with it. A database error says only its code and schema names: Drizzle's message
 * quotes every parameter, and the driver's quotes values (a child's medical notes, contacts).
 * Every other text (messages, exception values, extra, tags, contexts) loses emails, tokens and
 * quoted phrases (where libraries quote the values they were given).
 */
export function scrubEvent(event: ErrorEvent, hint?: EventHint): ErrorEvent {
  delete event.request;
  delete event.user;
  const db = summarizeDbError(hint?.originalException);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value !== undefined) exception.value = db ? describeDbError(db) : scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  if (event.message !== undefined) event.message = db ? describeDbError(db) : scrubText(event.message);
  if (event.logentry) event.logentry = { message: event.logentry.message && scrubText(event.logentry.message) };
  if (event.extra) event.extra = scrubValue(event.extra) as ErrorEvent['extra'];
  if (event.tags) event.tags = scrubValue(event.tags) as ErrorEvent['tags'];
  if (event.contexts) {
    // The trace context is the SDK's own ids, which look like secrets and are not.
    const { trace, ...contexts } = event.contexts;
    event.contexts = { ...(scrubValue(contexts) as ErrorEvent['contexts']), ...(trace ? { trace } : {}) };
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return event;
}

/** A breadcrumb keeps its kind and time; its message and data are scrubbed like an event's. */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return {
    ...breadcrumb,
    ...(breadcrumb.message !== undefined ? { message: scrubText(breadcrumb.message) } : {}),
    ...(breadcrumb.data ? { data: scrubValue(breadcrumb.data) as Breadcrumb['data'] } : {}),
  };
}

const describeDbError = (db: DbErrorSummary) =>
  `database error ${[db.code, db.table, db.column, db.constraint, db.routine].filter(Boolean).join(' ')}`.trim();

const REDACTIONS: [RegExp, string][] = [
  // Drizzle's "Failed query: … params: …": the SQL is ours, the parameters are what people typed.
  [/\bparams:[\s\S]*$/, 'params: [redacted]'],
  // PostgreSQL's details quote the row: Key (email)=(…), Failing row contains (…).
  [/=\([^)]*\)/g, '=([redacted])'],
  [/\bFailing row contains[\s\S]*$/, 'Failing row contains [redacted]'],
  [/[^\s@<>()[\]"'`,;:]+@[^\s@<>()[\]"'`,;:]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\bBearer\s+\S+/gi, 'Bearer [token]'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  [/\b[0-9a-f]{24,}\b/gi, '[token]'],
  // Long base64url runs with letters and digits: session tokens, signatures, API keys. A UUID is
  // a row's id, kept to find the row.
  [
    /(?<![\w-])(?!(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-]))(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{20,}(?![\w-])/gi,
    '[token]',
  ],
  // A quoted phrase is a value someone gave (a note, a name); a quoted single word is usually a
  // property or module name, kept for the reader.
  [/"[^"\n]*\s[^"\n]*"|'[^'\n]*\s[^'\n]*'|`[^`\n]*\s[^`\n]*`/g, '"[redacted]"'],
];

/** A text with emails, tokens, query strings and quoted phrases taken out. */
export function scrubText(text: string): string {
  let scrubbed = text.replace(/(https?:\/\/[^\s?#]*)\?[^\s#]*/gi, '$1?[redacted]');
  scrubbed = redactUrl(scrubbed);
  for (const [pattern, replacement] of REDACTIONS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

/** Strings inside any shape, scrubbed; deep structures are cut rather than walked forever. */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubValue(item, depth + 1)]));
}
