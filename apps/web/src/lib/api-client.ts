import type { Envelope } from '@kikstart/contract/common';
import { codeForStatus, isErrorCode, type ErrorCode } from '@kikstart/contract/errors';
import { FALLBACK_ERROR_MESSAGE, FIX_FIELDS_MESSAGE, INVALID_ID_MESSAGE } from './messages.ts';
import { getAuthToken } from './cookies.ts';
import { notify } from './notifications.ts';

export const API_BASE_URL = `${import.meta.env.VITE_API_URL ?? ''}/api`;
export const ACCESS_TOKEN_HEADER = 'x-access-token';

/** Code of a request that never got an answer from the API (offline, DNS, CORS). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/**
 * A failed request. `code` is the server's machine-readable code (packages/contract/src/errors.ts)
 * to branch on; `message` is for people; `errors` holds per-field messages for forms.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | typeof NETWORK_ERROR;
  readonly errors: Record<string, string>;
  readonly body: unknown;
  constructor(
    message: string,
    status: number,
    errors: Record<string, string> = {},
    body: unknown = null,
    code?: ErrorCode | typeof NETWORK_ERROR,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code ?? codeOf(status, body);
    this.errors = errors;
    this.body = body;
  }
  /** True when the server answered with this code. */
  is(code: ErrorCode) {
    return this.code === code;
  }
}

/** The envelope's code; an answer without one (a proxy's error page) gets the generic code of its status. */
function codeOf(status: number, body: unknown): ErrorCode | typeof NETWORK_ERROR {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  if (isErrorCode(code)) return code;
  if (status === 0) return NETWORK_ERROR;
  return codeForStatus(status);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /**
   * Show an error toast when the request fails (spec §8). Off for silent checks like the profile,
   * and for pages whose whole content is the answer (a mail link's page says what went wrong).
   */
  notifyOnError?: boolean;
  /**
   * Codes the page explains in place (a refused hold in the wizard's last step): no toast for
   * them, so the sentence shows once. Other failures still toast.
   */
  quietCodes?: readonly ErrorCode[];
  /**
   * 'include' sends and accepts cookies the API sets itself (the HttpOnly sign-up cookie) when the
   * API is on another origin; same-origin requests carry them anyway.
   */
  credentials?: RequestCredentials;
}

/**
 * How requests leave: the browser's fetch, or, in the server renderer, one that answers them
 * in-process (decision 0027).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** The server renderer's transport; the browser never calls this. */
export function setApiFetch(fetchImpl: typeof fetch) {
  transport = fetchImpl;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The app registers what a lost session does (log out, go to /auth/login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && 'status' in value && 'message' in value;

/** `id`, `childId`, `enrollmentIds.0`: fields no parent types, filled from links and lists. */
const ID_FIELD = /(^|\.)(id|[a-z]\w*Ids?)(\.\d+)?$/;

/**
 * The error's message for people. A refused id ("Must be a valid id") is a developer's sentence:
 * for a parent it means a stale or cut-off link, and says so.
 */
function messageFor(envelope: Envelope<unknown> | null, errors: Record<string, string>): string {
  const fields = Object.keys(errors);
  if (envelope?.code === 'VALIDATION_FAILED' && fields.length && fields.every((f) => ID_FIELD.test(f)))
    return INVALID_ID_MESSAGE;
  return envelope?.message || FALLBACK_ERROR_MESSAGE;
}

/**
 * The toast of a failure. Field messages show under their fields (spec §5), so the toast says to
 * look there instead of repeating one of them (one message per event, in one place).
 */
function toastFor(message: string, errors: Record<string, string>): string {
  return Object.values(errors).includes(message) ? FIX_FIELDS_MESSAGE : message;
}

/** Sends one request and returns the parsed envelope; throws ApiError on network or non-2xx. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'GET', body, query, signal, notifyOnError = true, quietCodes = [], credentials } = options;
  const token = getAuthToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers[ACCESS_TOKEN_HEADER] = token;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
      ...(credentials ? { credentials } : {}),
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    if (notifyOnError) notify('error', FALLBACK_ERROR_MESSAGE);
    throw new ApiError(FALLBACK_ERROR_MESSAGE, 0, {}, null, NETWORK_ERROR);
  }

  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }

  if (!response.ok || !isEnvelope(parsed)) throwFailure(response, parsed, Boolean(token), notifyOnError, quietCodes);
  return parsed as Envelope<T>;
}

/** A failed answer: the lost-session handler or an error toast, then ApiError with the envelope's message and fields. */
function throwFailure(
  response: Response,
  parsed: unknown,
  hadToken: boolean,
  notifyOnError: boolean,
  quietCodes: readonly ErrorCode[] = [],
): never {
  const envelope = isEnvelope(parsed) ? (parsed as Envelope<unknown>) : null;
  const errors = envelope?.errors ?? {};
  const message = messageFor(envelope, errors);
  const error = new ApiError(message, response.status || 0, errors, parsed);
  // A 401 with a token means the session was lost: the handler logs out and says so itself.
  const lostSession = response.status === 401 && hadToken && onUnauthorized !== null;
  if (lostSession) onUnauthorized!();
  // Codes the page explains itself (quietCodes) are not repeated in a toast.
  else if (notifyOnError && !quietCodes.includes(error.code as ErrorCode)) notify('error', toastFor(message, errors));
  throw error;
}

/**
 * A file the API answers (a PDF): the token travels as a header, so a plain link cannot fetch
 * it. Failures are the JSON envelope and are handled like any other request.
 */
export async function apiDownload(path: string, query?: RequestOptions['query']): Promise<Blob> {
  const token = getAuthToken();
  const headers: Record<string, string> = {};
  if (token) headers[ACCESS_TOKEN_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers });
  } catch {
    notify('error', FALLBACK_ERROR_MESSAGE);
    throw new ApiError(FALLBACK_ERROR_MESSAGE, 0, {}, null, NETWORK_ERROR);
  }
  if (response.ok) return response.blob();
  const parsed: unknown = await response.json().catch(() => null);
  throwFailure(response, parsed, Boolean(token), true);
}

/** Reads: no toast on success; the data is unwrapped from the envelope. */
export async function apiGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  const envelope = await apiRequest<T>(path, { ...options, method: 'GET' });
  return envelope.data;
}

export interface WriteOptions extends Omit<RequestOptions, 'body'> {
  /**
   * false: no success toast, because the page shows the server's message itself (a write spec §8
   * does not list, whose confirmation replaces its form). §8's writes keep theirs.
   */
  successToast?: boolean;
}

/**
 * Writes (spec §8): status 200 shows a success toast with the server's message, any other
 * status a warning with the message; failures show an error toast and throw ApiError.
 */
export async function apiWrite<T>(path: string, body?: unknown, options: WriteOptions = {}): Promise<Envelope<T>> {
  const { successToast = true, ...request } = options;
  const envelope = await apiRequest<T>(path, { method: 'POST', ...request, body });
  if (envelope.status !== 200) notify('warning', envelope.message || FALLBACK_ERROR_MESSAGE);
  else if (successToast) notify('success', envelope.message || 'Done');
  return envelope;
}
