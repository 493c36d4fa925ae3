import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FALLBACK_ERROR_MESSAGE, type Envelope } from '@kikstart/contract/common';
import { ERROR_CODES, codeForStatus, type ErrorCode } from '@kikstart/contract/errors';
import { isDataException, isDatabaseUnavailable, summarizeDbError } from '../lib/db-errors.ts';
import { captureError, type ErrorContext } from '../lib/error-monitoring.ts';
import { AppError } from '../lib/errors.ts';
import { VALIDATION_MESSAGE } from '../lib/validate.ts';

/** Fastify's own error codes that are the client's fault: our code and the message we show. */
const FASTIFY_CLIENT_ERRORS: Record<string, [code: ErrorCode, message: string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['BODY_TOO_LARGE', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type; send application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['INVALID_CONTENT_LENGTH', 'The Content-Length header does not match the body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['EMPTY_BODY', 'The request body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', 'The request body is not valid JSON'],
  FST_ERR_INVALID_URL: ['INVALID_URL', 'The URL is not valid'],
  FST_ERR_BAD_URL: ['INVALID_URL', 'The URL is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: ['URL_TOO_LONG', 'The address is too long'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data'],
  FST_REQ_FILE_TOO_LARGE: ['FILE_TOO_LARGE', 'The file is too large'],
  FST_FILES_LIMIT: ['TOO_MANY_PARTS', 'Too many files'],
  FST_FIELDS_LIMIT: ['TOO_MANY_PARTS', 'Too many form fields'],
  FST_PARTS_LIMIT: ['TOO_MANY_PARTS', 'Too many form parts'],
};

/** The error envelope: the code's HTTP status, the code, and the message. */
const errorBody = (code: ErrorCode, message: string, errors?: Record<string, string>): Envelope<null> => ({
  status: ERROR_CODES[code],
  message,
  code,
  data: null,
  ...(errors ? { errors } : {}),
});

export const INVALID_VALUE_MESSAGE = 'Some of the values sent are not valid';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'We cannot reach our records for a moment. Nothing was changed; please try again shortly.';

/** One place maps every error to the envelope; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (code: ErrorCode, message: string, errors?: Record<string, string>) => {
      const body = errorBody(code, message, errors);
      return reply.status(body.status).send(body);
    };

    if (error instanceof AppError) return send(error.code, error.message, error.fields);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const issuePath = (v.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path = issuePath?.length
          ? issuePath.map(String).join('.')
          : (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
        errors[path] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0];
      return send('VALIDATION_FAILED', Object.keys(errors).length === 1 && first ? first : VALIDATION_MESSAGE, errors);
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(...known);

    if (error.statusCode === 429) return send('RATE_LIMITED', error.message);

    // A database error is logged by its code and schema names only, never the error itself:
    // its message and stack quote the query's parameters (a child's medical notes, contacts).
    const dbError = summarizeDbError(error);
    // PostgreSQL data exceptions (class 22: bad text encoding, out-of-range value, malformed uuid)
    // mean input slipped past a schema. It is still the input's fault: a 400, logged to fix.
    if (isDataException(dbError)) {
      request.log.warn({ db: dbError }, 'database refused a value; tighten the route schema');
      return send('INVALID_VALUE', INVALID_VALUE_MESSAGE);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ db: dbError ?? { code: (error as { code?: string }).code } }, 'database unavailable');
      reply.header('retry-after', '5');
      return send('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      captureError(error, errorContext(request));
      return send('INTERNAL_ERROR', FALLBACK_ERROR_MESSAGE);
    }

    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      if (dbError) request.log.error({ db: dbError }, 'database error');
      else request.log.error({ err: error }, 'unhandled error');
      // Only the unexpected goes to monitoring; the client's mistakes and outages above do not.
      captureError(error, errorContext(request));
      return send('INTERNAL_ERROR', FALLBACK_ERROR_MESSAGE);
    }
    // Another 4xx from a plugin: its status, with the generic code for it.
    const body = { ...errorBody(codeForStatus(status), error.message || FALLBACK_ERROR_MESSAGE), status };
    return reply.status(status).send(body);
  });
}

/**
 * The router answers a URL it cannot decode or a path parameter over its length cap before any
 * route, hook or error handler runs; Fastify's `frameworkErrors` option hands those here, so they
 * get the same table and envelope as everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FASTIFY_CLIENT_ERRORS[error.code];
  if (!known) {
    request.log.error({ err: error }, 'router error');
    captureError(error, errorContext(request));
  }
  const body = known ? errorBody(...known) : errorBody('INTERNAL_ERROR', FALLBACK_ERROR_MESSAGE);
  // No hook has run for these requests, so the API's default no-store is set here.
  return reply.status(body.status).header('cache-control', 'no-store').send(body);
}

/** Where an error happened, for monitoring: the route pattern, never the URL or its query. */
const errorContext = (request: FastifyRequest): ErrorContext => ({
  method: request.method,
  // Optional: the router may fail before a route context exists.
  route: request.routeOptions?.url,
  requestId: request.id,
});

/** What Node's HTTP parser refuses before Fastify sees a request, by Node's error code. */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'REQUEST_TIMEOUT',
    reason: 'Request Timeout',
    message: 'The request took too long to arrive. Please try again.',
  },
  // The request line counts towards the header limit, so an over-long URL lands here too.
  HPE_HEADER_OVERFLOW: {
    code: 'HEADERS_TOO_LARGE',
    reason: 'Request Header Fields Too Large',
    message: 'The address or headers of the request are too large',
  },
  HPE_URI_TOO_LONG: { code: 'URL_TOO_LONG', reason: 'URI Too Long', message: 'The address is too long' },
};

/**
 * Fastify's `clientErrorHandler`: a malformed or oversized request is answered on the raw socket,
 * with the envelope rather than Fastify's own JSON shape, and the connection closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, reason, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    code: 'MALFORMED_REQUEST',
    reason: 'Bad Request',
    message: 'The request is not valid HTTP',
  };
  const status = ERROR_CODES[code];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
